// Calling the catalog's upload as a plain grpc-js client would (header, then the bytes in chunks,
// with backpressure); and zips made for the tests.
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import * as grpc from '@grpc/grpc-js';
import yazl from 'yazl';
import { CatalogService, type catalogV1, type CatalogServiceClient } from '@depot/proto';

export function rawCatalogClient(address: string): CatalogServiceClient {
  return new CatalogService(address, grpc.credentials.createInsecure()) as unknown as CatalogServiceClient;
}

export interface UploadOptions {
  chunkSize?: number;
  deadlineMs?: number;
  /** Cancels the call once this many bytes are sent (an upload cut short). */
  cancelAfter?: number;
  /** Sent before the bytes are, e.g. to hold the call open: resolved before the stream ends. */
  beforeEnd?: () => Promise<void>;
}

export function upload(
  client: CatalogServiceClient,
  header: catalogV1.UploadArchiveHeader,
  bytes: Buffer | AsyncIterable<Buffer>,
  opts: UploadOptions = {},
): Promise<catalogV1.UploadArchiveResponse__Output> {
  return new Promise((resolve, reject) => {
    const call = client.UploadVersionArchive(
      { deadline: Date.now() + (opts.deadlineMs ?? 30_000) },
      (err: grpc.ServiceError | null, res?: catalogV1.UploadArchiveResponse__Output) =>
        err ? reject(err) : resolve(res!),
    );
    const chunkSize = opts.chunkSize ?? 64 * 1024;
    const send = async () => {
      call.write({ header });
      let sent = 0;
      const chunks = Buffer.isBuffer(bytes)
        ? (function* () {
            for (let i = 0; i < bytes.length; i += chunkSize) yield bytes.subarray(i, i + chunkSize);
          })()
        : bytes;
      for await (const chunk of chunks) {
        if (opts.cancelAfter !== undefined && sent >= opts.cancelAfter) {
          call.cancel();
          return;
        }
        sent += chunk.length;
        if (!call.write({ data: chunk })) await new Promise((r) => call.once('drain', r));
      }
      await opts.beforeEnd?.();
      call.end();
    };
    send().catch(reject);
  });
}

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

/** A jar with a class file and some incompressible bytes, different every call. */
export const makeJar = (size = 20_000) =>
  makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'x/Mod.class': randomBytes(size) });

/** A valid zip holding `mods/big.jar` of `size` bytes, produced in 64 KB blocks as it is read. */
export function generatedZip(size: number): AsyncIterable<Buffer> {
  let sent = 0;
  const content = new Readable({
    read() {
      if (sent >= size) return void this.push(null);
      const block = Buffer.alloc(64 * 1024, sent & 0xff);
      sent += block.length;
      this.push(block);
    },
  });
  const zip = new yazl.ZipFile();
  zip.addReadStream(content, 'mods/big.jar', { compress: false, mtime: new Date(0) });
  zip.end();
  return zip.outputStream as unknown as AsyncIterable<Buffer>;
}
