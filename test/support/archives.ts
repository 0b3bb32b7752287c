// Hosted archives in end-to-end tests: zips made here, a Solder repository folder on disk, and a
// version's hosted archive read back from the catalog (ReadArchive over gRPC: the bytes the store
// holds, whatever route serves them).
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import yazl from 'yazl';
import { CatalogService, type catalogV1, type CatalogServiceClient } from '@depot/proto';

export const md5Hex = (b: Buffer | string) => createHash('md5').update(b).digest('hex');

/** A zip of these entries, the same bytes for the same entries. */
export function zipOf(entries: Record<string, string | Buffer>): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const [name, content] of Object.entries(entries))
    zip.addBuffer(Buffer.from(content), name, { mtime: new Date(0) });
  zip.end();
  const chunks: Buffer[] = [];
  return new Promise((resolve, reject) => {
    zip.outputStream.on('data', (c: Buffer) => chunks.push(c));
    zip.outputStream.on('end', () => resolve(Buffer.concat(chunks)));
    zip.outputStream.on('error', reject);
  });
}

/** A mod archive as Solder repositories hold them: mods/<slug>.jar inside. */
export const modZip = (slug: string, version: string) =>
  zipOf({ [`mods/${slug}-${version}.jar`]: `${slug} ${version} `.repeat(50) });

/** A fresh folder (removed by the returned function) holding `files` (relative path → bytes). */
export function folderWith(files: Record<string, Buffer | string>): { dir: string; remove(): void } {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-e2e-repo-'));
  for (const [rel, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, rel)), { recursive: true });
    fs.writeFileSync(path.join(dir, rel), content);
  }
  return { dir, remove: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

export interface HostedRead {
  metadata?: catalogV1.ArchiveMetadata__Output;
  data: Buffer;
  /** The catalog's refusal (e.g. ARCHIVE_NOT_HOSTED: NOT_FOUND). */
  code?: grpc.status;
}

/** A version's hosted archive, whole, from the catalog at `address`. */
export function readHosted(address: string, slug: string, version: string): Promise<HostedRead> {
  const client = new CatalogService(address, grpc.credentials.createInsecure()) as unknown as CatalogServiceClient;
  return new Promise((resolve) => {
    const call = client.ReadArchive({ slug, version }, { deadline: Date.now() + 30_000 });
    let metadata: catalogV1.ArchiveMetadata__Output | undefined;
    const chunks: Buffer[] = [];
    call.on('data', (m: catalogV1.ArchiveChunk__Output) => {
      if (m.metadata) metadata = m.metadata;
      if (m.data) chunks.push(m.data);
    });
    call.on('error', (err: grpc.ServiceError) => {
      client.close();
      resolve({ data: Buffer.alloc(0), code: err.code });
    });
    call.on('end', () => {
      client.close();
      resolve({ metadata, data: Buffer.concat(chunks) });
    });
  });
}
