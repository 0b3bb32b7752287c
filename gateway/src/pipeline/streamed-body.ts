// The body of an upload route (route.ts `upload`): the file itself, streamed to the handler instead
// of parsed. The route gets body parsers of its own (in an encapsulated context, register.ts): any
// media type passes the request stream through unread, so that authentication and the target's
// lookup come first (docs/api.md#order-of-checks) and a refused upload is never read; the handler
// judges the media type (415) and reads the bytes as it forwards them. A Content-Length over the
// route's limit is refused at once (413), before anything else, as every oversized body is.
import type { FastifyInstance } from 'fastify';
import { answer } from '../errors';
import type { AnyRoute } from './route';

export function streamedBody(app: FastifyInstance, upload: NonNullable<AnyRoute['upload']>): void {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser('*', (req, payload, done) => {
    const declared = Number(req.headers['content-length']);
    if (Number.isFinite(declared) && declared > upload.maxBytes) {
      // Fastify's code for a body too large: the error handler lets a small one linger (failures.ts).
      return done(Object.assign(answer('archiveTooLarge'), { code: 'FST_ERR_CTP_BODY_TOO_LARGE' }), undefined);
    }
    done(null, payload);
  });
}

/** The media type of a request without its parameters, lowercased ('' when none). */
export const mediaType = (header: string | undefined): string => (header ?? '').split(';')[0].trim().toLowerCase();
