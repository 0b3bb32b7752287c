// The body of a route declaring `streamedBody` (route.ts): the file itself, streamed to the handler
// instead of parsed. Its byte limit, declared once, is applied here alone:
// - a Content-Length over it is refused at once (413), before anything else, as every oversized
//   body is (the content-type parser below);
// - otherwise the body is counted as the handler reads it (`countedBody`, the context's `file`),
//   and refused as soon as it passes the limit.
// Nothing is read before the checks passed (docs/api.md#order-of-checks): the media type (415) and
// the query (422) are judged after authentication and the target's lookup (`judgeStreamedBody`),
// and a refused body is left to linger (`lingerOnRefusal`) so that the client reads the answer.
import type { IncomingMessage } from 'node:http';
import { Transform, type Readable } from 'node:stream';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { answer, HttpError } from '../errors';
import { withFileName } from './file-name';
import type { AnyRoute, StreamedBody } from './route';
import { fieldErrors } from './validation';

/**
 * The content-type parsers of the routes taking a streamed body: any media type passes the request
 * stream through unread (the media type is judged with the query, after the target's lookup).
 * Fastify keeps parsers per encapsulated context, not per route, so register.ts gives each such
 * route a context of its own, with these parsers.
 */
export function streamedBodyParsers(app: FastifyInstance): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    const { maxBytes, answers } = streamedBodyOf(req);
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > maxBytes) {
      // Fastify's code for a body too large: the error handler lets a small one linger (failures.ts).
      return done(Object.assign(answer(answers.tooLarge), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), undefined);
    }
    done(null, payload);
  });
}

function streamedBodyOf(req: FastifyRequest): StreamedBody {
  const declared = req.routeOptions.config.route?.streamedBody;
  if (!declared) throw new Error(`${req.routeOptions.url} is in the streamed bodies' context but declares none`);
  return declared;
}

/**
 * The media type of a request without its parameters, lowercased. A body sent without one is taken
 * as `application/octet-stream`, as RFC 9110 §8.3 allows: `curl -T` sends none.
 */
const mediaType = (header: string | undefined): string =>
  header === undefined ? 'application/octet-stream' : header.split(';')[0].trim().toLowerCase();

/**
 * The media type, then the query (which carries what a body would; the file's name possibly from
 * the header or the path, file-name.ts): refused after `lookUpTarget`, the rest of the body left
 * to linger; else the judged query becomes the request's.
 */
export async function judgeStreamedBody(
  declaration: AnyRoute,
  req: FastifyRequest,
  lookUpTarget: () => Promise<void>,
  config: LingerConfig,
): Promise<void> {
  const { types, answers, nameField } = declaration.streamedBody!;
  const query = (req.query ?? {}) as Record<string, unknown>;
  const named = nameField
    ? withFileName(query, nameField, {
        disposition: req.headers['content-disposition'],
        segment: (req.params as Record<string, unknown> | undefined)?.[nameField],
      })
    : query;
  const parsed = declaration.query?.safeParse(named);
  const typeRefused = !types.includes(mediaType(req.headers['content-type']));
  if (!typeRefused && (!parsed || parsed.success)) {
    if (parsed) req.query = parsed.data;
    return;
  }
  lingerOnRefusal(req.raw, config);
  await lookUpTarget();
  throw typeRefused ? answer(answers.wrongType) : new HttpError(422, fieldErrors(parsed!.error!));
}

/** The counted body of each request whose handler read it, and what it failed with. */
const counted = new WeakMap<FastifyRequest, { file: Readable; refusal?: HttpError }>();

/**
 * The request's body as the handler reads it (the context's `file`): counted, failing with
 * `tooLarge` once past `maxBytes` (the request itself then left paused, for `lingerOnRefusal`) and
 * with `cutShort` when the request ends before all of it came. Made when the handler first asks
 * for it, so that nothing of a refused body is read.
 */
export function fileOf(req: FastifyRequest, { maxBytes, answers }: StreamedBody): Readable {
  const known = counted.get(req);
  if (known) return known.file;
  const raw = req.raw;
  let received = 0;
  const file = new Transform({
    transform(chunk: Buffer, _encoding, next) {
      received += chunk.length;
      if (received > maxBytes) return refuse('tooLarge');
      next(null, chunk);
    },
  });
  const body: { file: Readable; refusal?: HttpError } = { file };
  const refuse = (name: keyof StreamedBody['answers']) => {
    body.refusal ??= answer(answers[name]);
    raw.unpipe(file);
    file.destroy(body.refusal);
  };
  // The reader may have stopped listening (the service answered first): the refusal is kept here.
  file.on('error', () => undefined);
  raw.once('close', () => {
    if (!raw.complete) refuse('cutShort');
  });
  counted.set(req, body);
  raw.pipe(file);
  return file;
}

/**
 * What the request's body failed with, if it did: the answer whatever its reader then reported
 * (a service that saw the stream end early would call it cut short).
 */
export const bodyRefusal = (req: FastifyRequest): HttpError | undefined => counted.get(req)?.refusal;

/** How long the rest of a refused body is read and dropped before the connection is closed. */
const LINGER_MS = 2_000;

type LingerConfig = { BODY_LIMIT_BYTES: number };

/**
 * The rest of a refused body is read and dropped, up to 8 × BODY_LIMIT_BYTES (as much as a JSON
 * body too large lingers, plugins/failures.ts) or LINGER_MS, so that the client, still sending,
 * reads the answer instead of a reset connection (a lingering close, as nginx does); past that the
 * connection is closed (docs/decisions.md, uploads). A body read to its end keeps the connection.
 */
export function lingerOnRefusal(raw: IncomingMessage, config: LingerConfig): void {
  if (raw.complete || raw.destroyed) return;
  const lingerBytes = 8 * config.BODY_LIMIT_BYTES;
  // No longer read into the handler's `file` (fileOf), whose buffer would pause the request.
  raw.unpipe();
  let dropped = 0;
  const close = () => raw.socket?.destroy();
  const timer = setTimeout(close, LINGER_MS).unref();
  raw.on('data', (chunk: Buffer) => {
    dropped += chunk.length;
    if (dropped > lingerBytes) close();
  });
  raw.once('close', () => clearTimeout(timer));
  raw.resume();
}
