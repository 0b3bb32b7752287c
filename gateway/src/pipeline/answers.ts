// What a handler returns besides its success body (route.ts `handler`), each sent by the pipeline
// (register.ts) so that no handler writes to the reply itself:
// - a status answer (`answerWith`): another status, with a JSON body (a 202, a 503 naming what is
//   not ready) or none, and headers of its own;
// - a file answer (`FileAnswer`, the routes that declare `file`): the bytes with their headers (200,
//   206), not modified (304), refused with headers (416), or pulled through from the upstream mirror.
import { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { answer } from '../errors';
import { errorBody, type AnswerName } from '../messages';

type Headers = Record<string, string>;
/** The archive a pull-through asks the upstream for (plugins/pull-through.ts `reply.pullThrough`). */
type UpstreamArchive = Parameters<NonNullable<FastifyReply['pullThrough']>>[0];

/** Another status than the route's success, with its JSON body (or none) and headers. */
export class StatusAnswer {
  constructor(
    readonly status: number,
    readonly body: unknown,
    readonly headers: Headers = {},
  ) {}
}

export const answerWith = (status: number, body?: unknown, headers?: Headers) =>
  new StatusAnswer(status, body, headers);

/** The answer of a route that answers a file (route.ts `file`). */
export class FileAnswer {
  private constructor(
    readonly status: number,
    readonly headers: Headers,
    readonly payload: Readable | Buffer | { error: string } | undefined,
    readonly upstream?: UpstreamArchive,
  ) {}

  /** The bytes (200 or 206); none for HEAD, whose headers still say what GET would send. */
  static bytes(status: 200 | 206, headers: Headers, bytes?: Readable | Buffer): FileAnswer {
    return new FileAnswer(status, headers, bytes);
  }

  /** 304: the client's copy is current. */
  static notModified(headers: Headers): FileAnswer {
    return new FileAnswer(304, headers, undefined);
  }

  /** One of the gateway's refusals, with the headers that explain it (a 416's Content-Range). */
  static refused(name: AnswerName, headers: Headers): FileAnswer {
    return new FileAnswer(answer(name).status, headers, errorBody(name));
  }

  /** The upstream mirror's answer (plugins/pull-through.ts), or the route's 404 when it may not be asked. */
  static pulledThrough(archive: UpstreamArchive): FileAnswer {
    return new FileAnswer(0, {}, undefined, archive);
  }
}

/** Whether a handler's answer is one the pipeline sends as it says (not the success body). */
export const isOwnAnswer = (value: unknown): value is StatusAnswer | FileAnswer =>
  value instanceof StatusAnswer || value instanceof FileAnswer;

/** Sends a status or file answer. */
export function sendOwnAnswer(req: FastifyRequest, reply: FastifyReply, own: StatusAnswer | FileAnswer): void {
  if (own instanceof StatusAnswer) {
    void reply
      .headers(own.headers)
      .status(own.status)
      .send(own.body ?? noBody(req.method));
    return;
  }
  if (own.upstream) {
    if (!reply.pullThrough?.(own.upstream)) throw answer('notFound');
    return;
  }
  void reply
    .headers(own.headers)
    .status(own.status)
    .send(own.payload ?? noBody(req.method));
}

/**
 * The payload of an answer without a body. For HEAD an empty stream: Fastify's HEAD route gives an
 * undefined payload `Content-Length: 0` (wrong for a 200, which keeps the file's, and for a 304,
 * which has none, as GET's), never a stream.
 */
export const noBody = (method: string) => (method === 'HEAD' ? Readable.from([]) : undefined);
