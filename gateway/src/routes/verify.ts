// Key verification for Technic Platform (compat.md §4, §5): its own per-address limit, which the
// general limit's allow-list does not lift, so keys cannot be guessed fast from anywhere.
// The key sits in the path: the app's error handler logs route patterns, never URLs.
import type { FastifyInstance } from 'fastify';

export async function verifyRoutes(app: FastifyInstance) {
  const { clients, config } = app.deps;

  app.get<{ Params: { key: string } }>(
    '/api/verify/:key',
    {
      // A HEAD route would count separately and double the guesses a client gets.
      exposeHeadRoute: false,
      config: {
        rateLimit: { max: config.VERIFY_RATE_LIMIT_PER_MINUTE, timeWindow: 60_000, allowList: () => false },
      },
    },
    async (req) => {
      const key = await clients.auth.VerifyKey({ key: req.params.key });
      return { valid: 'Key validated.', name: key.name, created_at: key.created_at };
    },
  );
}
