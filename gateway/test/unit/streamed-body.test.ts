// A streamed body as a handler reads it (pipeline/streamed-body.ts `fileOf`): counted in one place,
// refused past its limit with the declared 413 (the request left unread from there), and with the
// declared 400 when the request ends before all of it came. Over a real request: e2e/archive-upload.
import type { IncomingMessage } from 'node:http';
import { PassThrough } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import { bodyRefusal, fileOf } from '../../src/pipeline/streamed-body';
import type { StreamedBody } from '../../src/pipeline/route';

const declared: StreamedBody = {
  types: ['application/zip'],
  maxBytes: 10,
  answers: { wrongType: 'archiveMediaType', tooLarge: 'archiveTooLarge', cutShort: 'archiveCutShort' },
  reasons: { tooLarge: 'ARCHIVE_OVER_MAX', cutShort: 'ARCHIVE_INCOMPLETE' },
};

/** A request whose body is written by the test; `complete` as Node sets it once all of it came. */
function request() {
  const raw = Object.assign(new PassThrough(), { complete: false });
  raw.on('end', () => (raw.complete = true));
  return { raw, req: { raw: raw as unknown as IncomingMessage } as FastifyRequest };
}

/** What the reader gets: the bytes, and the error it ended with. */
function read(file: NodeJS.ReadableStream): Promise<{ bytes: string; error?: unknown }> {
  return new Promise((resolve) => {
    let bytes = '';
    file.on('data', (c: Buffer) => (bytes += c.toString()));
    file.on('end', () => resolve({ bytes }));
    file.on('error', (error) => resolve({ bytes, error }));
  });
}

it('passes a body within the limit through whole, and is the same stream when asked again', async () => {
  const { raw, req } = request();
  const file = fileOf(req, declared);
  expect(fileOf(req, declared)).toBe(file);
  raw.end('0123456789');
  expect(await read(file)).toEqual({ bytes: '0123456789' });
  expect(bodyRefusal(req)).toBeUndefined();
});

it('fails with the declared 413 as soon as the limit is passed, and stops reading the request', async () => {
  const { raw, req } = request();
  const file = fileOf(req, declared);
  const reading = read(file);
  raw.write('012345');
  raw.write('6789ab');
  const { bytes, error } = await reading;
  expect(bytes).toBe('012345');
  expect(error).toMatchObject({
    status: 413,
    error: 'The archive is larger than the server accepts (ARCHIVE_MAX_BYTES).',
  });
  expect(bodyRefusal(req)).toBe(error);
  // Left to the lingering close: no longer piped into the handler's stream.
  expect(raw.listenerCount('data')).toBe(0);
});

it('fails with the declared 400 when the request closes before its end', async () => {
  const { raw, req } = request();
  const reading = read(fileOf(req, declared));
  raw.write('0123');
  raw.destroy();
  expect(await reading).toMatchObject({
    bytes: '0123',
    error: { status: 400, error: 'The upload was cut short: the body ended before all of it arrived.' },
  });
});
