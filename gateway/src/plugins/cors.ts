// CORS (docs/api.md#cors): `CORS_ORIGINS` (`*`, or a comma separated list of origins) may call the
// API from a browser, reading the ETag and Retry-After of its answers.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import cors from '@fastify/cors';

export const crossOrigin = fp(
  async (app: FastifyInstance, { origins }: { origins: string }) => {
    const allowed = origins.trim();
    await app.register(cors, {
      origin: allowed === '*' ? '*' : allowed.split(',').map((o) => o.trim()),
      methods: ['GET', 'HEAD', 'POST', 'PUT', 'DELETE', 'OPTIONS'],
      allowedHeaders: ['Authorization', 'Content-Type', 'If-None-Match'],
      // One string, not a list: the plugin would join the list on every request.
      exposedHeaders: 'ETag, Retry-After',
      maxAge: 600,
      // A bare OPTIONS (no Origin or Access-Control-Request-Method) is no preflight: answer it 204
      // like one rather than with the plugin's 400 text/plain.
      strictPreflight: false,
    });
  },
  { name: 'cross-origin' },
);
