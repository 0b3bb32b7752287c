// What a dropped file says about itself (POST /api/manage/archives/inspect, docs/archives.md#metadata):
// read by Depot as soon as the file is dropped, storing nothing, so that the console fills in the
// mod, its name and the version from the jar's own metadata and shows what it read; the file's name
// is only the fall-back. Every suggestion stays editable, and what the person typed is never
// overwritten by an answer that arrives later.
import { principalFacts } from '@depot/common/mod-facts';
import { api, call, type Schemas } from '../api';
import { runBounded } from './queue';

export type ModFacts = Schemas['ModFacts'];

/** Files read at once: each is sent whole, as an upload is. */
const READ_CONCURRENCY = 2;

/** What Depot read from the file: its mods (the archive's own first), and what it skipped. */
export async function inspectArchive(file: File): Promise<Schemas['ArchiveInspection']> {
  return call(
    api.POST('/api/manage/archives/inspect', {
      params: { query: { file_name: file.name } },
      body: file as never,
      bodySerializer: (body: unknown) => body as BodyInit,
      headers: { 'Content-Type': 'application/octet-stream' },
    }),
  );
}

const LOADERS: Record<string, string> = { fabric: 'Fabric', quilt: 'Quilt', forge: 'Forge', neoforge: 'NeoForge' };
const SIDES: Record<string, string> = { client: 'client only', server: 'server only', both: 'client and server' };

/** One line of what the file says: "Create 0.5.1 · Forge · Minecraft [1.20.1,1.20.2) · client and server". */
export function factsLine(f: ModFacts): string {
  return [
    [f.name ?? f.id, f.version].filter(Boolean).join(' '),
    f.loader ? LOADERS[f.loader.name] : '',
    f.minecraft ? `Minecraft ${f.minecraft}` : '',
    f.side ? SIDES[f.side] : '',
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Reads each file (a few at a time) and hands its facts, or nothing when it could not be read, to `onRead`. */
export function readFiles(
  rows: { id: number; file: File }[],
  onRead: (id: number, read: { facts?: ModFacts; warnings: string[] }) => void,
): Promise<unknown> {
  return runBounded(rows, READ_CONCURRENCY, async (row) => {
    try {
      const read = await inspectArchive(row.file);
      onRead(row.id, { facts: principalFacts(read.metadata.mods)[0], warnings: read.warnings });
    } catch {
      // Not readable here (refused, or Depot unreachable): the upload will say why; the file's name stands.
      onRead(row.id, { warnings: [] });
    }
  });
}
