// Archives in end-to-end tests: zips and jars made with yazl, uploads as a client sends them (a
// buffer with its Content-Length, or a stream sent chunked), what an fs store holds, a Solder
// repository folder on disk, and a version's hosted archive read back (its record from the
// catalog, its bytes as the download serves them).
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { inflateRawSync } from 'node:zlib';
import * as grpc from '@grpc/grpc-js';
import yazl from 'yazl';
import { CatalogService, type catalogV1, type CatalogServiceClient } from '@depot/proto';

export const md5Hex = (b: Buffer | string) => createHash('md5').update(b).digest('hex');
export const sha256Hex = (b: Buffer) => createHash('sha256').update(b).digest('hex');

/** A zip of these entries (a jar is one too). */
export function makeZip(entries: Record<string, Buffer | string>): Promise<Buffer> {
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

/** A Fabric mod's jar: its fabric.mod.json, saying `environment` where given, and a class. */
export const fabricJar = (id: string, environment?: string) =>
  makeZip({
    'fabric.mod.json': JSON.stringify({
      schemaVersion: 1,
      id,
      version: '1.0',
      ...(environment ? { environment } : {}),
    }),
    [`${id}/Mod.class`]: id.repeat(50),
  });

/** The entries of a zip (no zip64: small test files), by name, inflated. */
export function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = zip.readUInt16LE(end + 10);
  let at = zip.readUInt32LE(end + 16);
  const entries = new Map<string, Buffer>();
  for (let i = 0; i < count; i++) {
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const skip = nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const data = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const raw = zip.subarray(data, data + size);
    entries.set(name, method === 8 ? inflateRawSync(raw) : raw);
    at += 46 + skip;
  }
  return entries;
}

/** A mod archive as Solder repositories hold them: mods/<slug>.jar inside. */
export const modZip = (slug: string, version: string) =>
  makeZip({ [`mods/${slug}-${version}.jar`]: `${slug} ${version} `.repeat(50) });

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
  /** The version's record of its hosted archive. */
  metadata?: { size: number; md5: string; sha256: string };
  data: Buffer;
  /** NOT_FOUND (5): Depot does not host the version's archive. */
  code?: grpc.status;
}

/**
 * A version's hosted archive, whole: its record from the catalog, its bytes as Depot serves them
 * (the gateway's download, which reads the store).
 */
export async function readHosted(
  t: { url: string; stack: { ports: { catalog: number } } },
  slug: string,
  version: string,
): Promise<HostedRead> {
  const client = new CatalogService(
    `127.0.0.1:${t.stack.ports.catalog}`,
    grpc.credentials.createInsecure(),
  ) as unknown as CatalogServiceClient;
  const v = await new Promise<catalogV1.ModVersion__Output>((resolve, reject) =>
    client.GetVersion({ slug, version }, { deadline: Date.now() + 30_000 }, (err, res) =>
      err ? reject(err) : resolve(res!),
    ),
  ).finally(() => client.close());
  if (!v.hosted) return { data: Buffer.alloc(0), code: grpc.status.NOT_FOUND };
  const res = await fetch(`${t.url}/mods/${slug}/${slug}-${version}.zip`);
  if (res.status !== 200) throw new Error(`download of ${slug} ${version}: ${res.status}`);
  return {
    metadata: { size: Number(v.filesize), md5: v.md5, sha256: v.hosted },
    data: Buffer.from(await res.arrayBuffer()),
  };
}

/** A jar with a class file of incompressible bytes, different every call. */
export const makeJar = (size = 20_000) =>
  makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'x/Mod.class': randomBytes(size) });

export interface UploadReply {
  status: number;
  headers: Headers;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- each test asserts its body
  body: any;
}

/**
 * PUT (or POST) of a file to `url`: a Buffer goes with its Content-Length, an iterable of chunks goes
 * chunked (no Content-Length).
 */
export async function putFile(
  url: string,
  file: Buffer | AsyncIterable<Buffer> | Iterable<Buffer>,
  opts: { token?: string; type?: string; headers?: Record<string, string>; method?: 'PUT' | 'POST' } = {},
): Promise<UploadReply> {
  const headers: Record<string, string> = {
    'content-type': opts.type ?? 'application/octet-stream',
    ...(opts.token ? { authorization: `Bearer ${opts.token}` } : {}),
    ...opts.headers,
  };
  const body = Buffer.isBuffer(file) ? file : (Readable.toWeb(Readable.from(file)) as ReadableStream);
  const res = await fetch(url, { method: opts.method ?? 'PUT', headers, body, duplex: 'half' } as RequestInit);
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? JSON.parse(text) : undefined };
}

/** What an fs store holds: the sha256 of each object, and how many staged leftovers. */
export function storeContents(dir: string): { objects: string[]; staged: number } {
  const walk = (d: string): string[] =>
    fs.existsSync(d)
      ? fs
          .readdirSync(d, { withFileTypes: true })
          .flatMap((e) => (e.isDirectory() ? walk(path.join(d, e.name)) : [e.name]))
      : [];
  return { objects: walk(path.join(dir, 'sha256')).sort(), staged: walk(path.join(dir, 'incoming')).length };
}

/**
 * A PUT over node:http that can do what fetch cannot: send headers alone, stop sending once the
 * answer comes (a refusal half-way), or cut the body short and close (`cutAfter` bytes).
 */
export function rawPut(
  url: string,
  opts: {
    headers: Record<string, string>;
    chunks?: Iterable<Buffer>;
    /** Destroys the request after this many bytes of the body (an upload cut short). */
    cutAfter?: number;
    /** Waits this long before each chunk after the first (a slow link). */
    pauseMs?: number;
    /** Sends nothing more after this many bytes, without ending, until answered (a stalled sender). */
    stallAfter?: number;
    /** The request's path as written, sent as it is (a URL would resolve `.` and `..` segments). */
    path?: string;
  },
): Promise<{ status: number; body: unknown; sent: number } | { cut: true; sent: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let answered = false;
    const options = { method: 'PUT', headers: opts.headers, agent: false };
    const respond = (res: http.IncomingMessage) => {
      answered = true;
      const parts: Buffer[] = [];
      res.on('data', (c: Buffer) => parts.push(c));
      res.on('end', () => {
        const text = Buffer.concat(parts).toString();
        resolve({ status: res.statusCode!, body: text ? JSON.parse(text) : undefined, sent });
      });
      res.on('error', reject);
    };
    const req = opts.path
      ? http.request({ ...options, ...urlParts(url), path: opts.path }, respond)
      : http.request(url, options, respond);
    req.on('error', (err) =>
      answered ? undefined : opts.cutAfter !== undefined ? resolve({ cut: true, sent }) : reject(err),
    );
    req.flushHeaders();
    const send = async () => {
      for (const chunk of opts.chunks ?? []) {
        if (answered) return;
        if (opts.cutAfter !== undefined && sent >= opts.cutAfter) {
          await new Promise((r) => setTimeout(r, 100));
          req.destroy();
          resolve({ cut: true, sent });
          return;
        }
        if (opts.stallAfter !== undefined && sent >= opts.stallAfter) return;
        if (sent > 0 && opts.pauseMs) await new Promise((r) => setTimeout(r, opts.pauseMs));
        if (answered) return;
        sent += chunk.length;
        if (!req.write(chunk)) await new Promise((r) => req.once('drain', r));
      }
      if (!answered) req.end();
    };
    send().catch(reject);
  });
}

const urlParts = (url: string) => {
  const u = new URL(url);
  return { hostname: u.hostname, port: u.port };
};

/** `n` chunks of `size` random bytes. */
export function* chunksOf(n: number, size = 64 * 1024): Iterable<Buffer> {
  for (let i = 0; i < n; i++) yield randomBytes(size);
}
