// A build's .mrpack (docs/performance.md#exports): the 200-mod build the server pack case released;
// the time the catalog takes to make its .mrpack the first time (every jar is taken out at upload
// already: the index names them) and to find it again, the catalog's RSS growth meanwhile (goal:
// flat, under 64 MB), and a jar's download through the gateway against nginx serving the same
// object (goal: at least 80 %, as archives), with archive-download.ts, and a mod's archive of the
// build likewise (about the jar's size). Printed, never asserted.
import { createHash } from 'node:crypto';
import path from 'node:path';
import { unzip } from '../support/archives';
import type { TestStack } from '../support';
import { benchDownload } from './archive-download';
import { f1, printTable, sampled } from './measure';

const MB = 1024 * 1024;

export async function benchMrpack(t: TestStack, storeDir: string, slug: string, build: string): Promise<void> {
  const url = `${t.url}/mrpack/${slug}/builds/${build}.mrpack`;
  const catalogPid = t.stack.pid('catalog')!;
  let status = 0;
  const made = await sampled([catalogPid], async () => {
    status = (await fetch(url, { method: 'HEAD' })).status;
  });
  const again = await sampled([catalogPid], async () => {
    await fetch(url, { method: 'HEAD' });
  });
  const pack = Buffer.from(await (await fetch(url)).arrayBuffer());
  const index = JSON.parse(unzip(pack).get('modrinth.index.json')!.toString()) as {
    files: { downloads: string[]; fileSize: number }[];
  };
  printTable(
    `.mrpack of ${index.files.length} mods (${f1(pack.length / 1e3)} kB; goal: catalog RSS growth < 64 MB)`,
    ['case', 'status', 'seconds', 'catalog RSS +MB'],
    [
      ['made (first request)', String(status), f1(made.seconds), f1(made.growth[0])],
      ['found (second request)', '', f1(again.seconds), f1(again.growth[0])],
    ],
  );
  // A jar it names, from the gateway and from nginx serving the same object.
  const jar = index.files[0];
  const download = jar.downloads[0];
  const sha = download.slice(download.indexOf('/jars/') + '/jars/'.length).split('/')[0];
  const sizeMb = Math.max(1, Math.round(jar.fileSize / MB));
  await benchDownload(
    t,
    `${t.url}${download.slice(download.indexOf('/jars/'))}`,
    objectOf(storeDir, sha),
    sizeMb,
    false,
    "A jar's download (/jars/{sha256}/{file}), one at a time",
  );
  // A mod's archive of the build (a jar in a zip: about the same size) from the archives' route, in
  // the same run: whether a jar costs more than an archive, or a file of that size costs what it does.
  const launcher = (await (await fetch(`${t.url}/api/modpack/${slug}/${build}`)).json()) as {
    mods: { url: string }[];
  };
  const archivePath = new URL(launcher.mods[0].url).pathname;
  const archiveUrl = `${t.url}${archivePath}`;
  const archive = await fetch(archiveUrl);
  if (archive.status !== 200) {
    await archive.body?.cancel();
    console.log(`(no archive at ${archiveUrl}: ${archive.status})`);
    return;
  }
  const archiveSha = createHash('sha256')
    .update(Buffer.from(await archive.arrayBuffer()))
    .digest('hex');
  await benchDownload(
    t,
    archiveUrl,
    objectOf(storeDir, archiveSha),
    sizeMb,
    false,
    "A mod's archive of the build (/mods/{slug}/{slug}-{version}.zip), one at a time",
  );
}

/** Where the fs store keeps the object `sha256`. */
const objectOf = (storeDir: string, sha256: string) =>
  path.join(storeDir, 'sha256', sha256.slice(0, 2), sha256.slice(2, 4), sha256);
