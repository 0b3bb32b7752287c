// Key verification for Technic Platform (docs/api.md#verify-a-key): its own per-address
// limit, which the general limit's allow-list does not lift, so keys cannot be guessed fast from
// anywhere. The key sits in the path: the app's error handler and the access log show route
// patterns, never URLs.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import * as res from './schemas';
import { route } from '../../pipeline/route';
import { keyVerified } from './views';

export function verifyRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;

  return [
    route({
      method: 'GET',
      url: '/api/verify/:key',
      tag: 'Platform keys',
      summary: 'Verify a platform key (Technic Platform)',
      description: 'Limited to `VERIFY_RATE_LIMIT_PER_MINUTE` (default 10) requests a minute per client address.',
      access: 'public',
      params: z.object({ key: z.string().meta({ description: 'The platform API key to verify.' }) }),
      // A HEAD route would count separately and double the guesses a client gets.
      exposeHeadRoute: false,
      rateLimit: { max: config.VERIFY_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000, allowList: () => false },
      response: res.keyVerified,
      returns: 'The key is valid.',
      answers: { 403: '"Invalid key provided."' },
      handler: async ({ params }) => keyVerified(await clients.auth.VerifyKey({ key: params.key })),
    }),
  ];
}
