// How requests bodies are read and answers written. Bodies are parsed leniently and judged by the
// checks (pipeline/checks.ts), after authentication and the target's lookup: a caller without a
// valid token gets 401 whatever it sent (docs/api.md#order-of-checks). A JSON body sent with
// another media type (curl -d without a header, fetch with a string body: text/plain) is taken as
// JSON; any other body of another type is refused with 415. Schemas are zod (pipeline/route.ts):
// the checks judge params and bodies in the order of checks, answers are typed at compile time
// and sent with plain JSON.stringify.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { MALFORMED_JSON, UNSUPPORTED_BODY } from '../pipeline/validation';

export const bodies = fp(
  async (app: FastifyInstance) => {
    const parseBody =
      (invalid: symbol) => (_req: unknown, body: string | Buffer, done: (e: null, v: unknown) => void) => {
        const text = String(body);
        if (text.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(text));
        } catch {
          done(null, invalid);
        }
      };
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('application/json', { parseAs: 'string' }, parseBody(MALFORMED_JSON));
    app.addContentTypeParser('*', { parseAs: 'string' }, parseBody(UNSUPPORTED_BODY));
    app.setValidatorCompiler(() => (data) => ({ value: data }));
    app.setSerializerCompiler(() => (data) => JSON.stringify(data));
  },
  { name: 'bodies' },
);
