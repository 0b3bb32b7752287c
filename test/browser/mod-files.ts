// Mod files as an author has them on disk, for the browser tests that publish from files: real
// jars (zips with a manifest and a class) whose bytes differ by name, and file payloads as the
// browser's file chooser (Playwright's setInputFiles) or a drop hands them to the page.
import { createHash } from 'node:crypto';
import type { Locator, Page } from 'playwright-core';
import { makeZip } from '../support/archives';

export interface FilePayload {
  name: string;
  mimeType: string;
  buffer: Buffer;
}

/** A jar named `name`, its class bytes made from the name (so each file is its own archive). */
export async function jar(name: string, size = 4096): Promise<FilePayload> {
  const seed = createHash('sha256').update(name).digest();
  const body = Buffer.alloc(size);
  for (let i = 0; i < size; i++) body[i] = seed[i % seed.length] ^ (i & 0xff);
  return {
    name,
    mimeType: 'application/java-archive',
    buffer: await makeZip({ 'META-INF/MANIFEST.MF': 'Manifest-Version: 1.0\n', 'mod/Mod.class': body }),
  };
}

export { makeZip, md5Hex } from '../support/archives';

/** Drops the files on `target` as a person drags them from a file manager (a DataTransfer with the files). */
export async function dropFiles(page: Page, target: Locator, files: FilePayload[]): Promise<void> {
  const transfer = await page.evaluateHandle(
    (list) => {
      // (In the page: the browser's own classes.)
      const page = globalThis as unknown as {
        DataTransfer: new () => { items: { add(file: unknown): void } };
        File: new (parts: unknown[], name: string, options: { type: string }) => unknown;
      };
      const dt = new page.DataTransfer();
      for (const f of list) dt.items.add(new page.File([new Uint8Array(f.bytes)], f.name, { type: f.mimeType }));
      return dt;
    },
    files.map((f) => ({ name: f.name, mimeType: f.mimeType, bytes: [...f.buffer] })),
  );
  await target.dispatchEvent('dragover', { dataTransfer: transfer });
  await target.dispatchEvent('drop', { dataTransfer: transfer });
}
