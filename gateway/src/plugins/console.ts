// The web console (gateway/console, a single-page app built by Vite) at /console/. Only its own
// paths get the console's headers: a strict Content-Security-Policy (scripts, styles and requests
// from this origin only; no inline script), no framing, no referrer. Hashed assets are cached for
// a year, the page itself revalidated on every load, so a new release is picked up at once. A
// path under /console/ that names no file is a page of the app (index.html, which routes it);
// under /console/assets/ it is a JSON 404 like every other unknown path.
import { existsSync } from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import helmet from '@fastify/helmet';
import fastifyStatic from '@fastify/static';
import type { Logger } from '@depot/common/process';
import { ANSWERS, errorBody } from '../messages';

/** Where `npm start` and the container image put the built console (gateway/console/dist; the same path from dist/). */
export const DEFAULT_CONSOLE_DIR = path.resolve(__dirname, '..', '..', 'console', 'dist');

export const CONSOLE_CSP = {
  'default-src': ["'self'"],
  'script-src': ["'self'"],
  'style-src': ["'self'"],
  'img-src': ["'self'", 'data:'],
  'font-src': ["'self'"],
  'connect-src': ["'self'"],
  'manifest-src': ["'self'"],
  'object-src': ["'none'"],
  'base-uri': ["'none'"],
  'form-action': ["'self'"],
  'frame-ancestors': ["'none'"],
};

const YEAR = 365 * 24 * 3600;

export const webConsole = fp(
  async (app: FastifyInstance, { dir, logger }: { dir: string; logger: Logger }) => serveConsole(app, dir, logger),
  { name: 'web-console' },
);

async function serveConsole(app: FastifyInstance, dir: string, logger: Logger): Promise<void> {
  if (!existsSync(path.join(dir, 'index.html'))) {
    logger.warn({ dir }, 'the web console is not built: /console/ answers 503 (npm run build -w @depot/console)');
    const unbuilt = (_req: unknown, reply: FastifyReply) =>
      reply.status(ANSWERS.consoleNotBuilt.status).send(errorBody('consoleNotBuilt'));
    app.get('/console', unbuilt);
    app.get('/console/*', unbuilt);
    return;
  }
  await app.register(
    async (scope) => {
      await scope.register(helmet, {
        contentSecurityPolicy: { useDefaults: false, directives: CONSOLE_CSP },
        // Served over plain HTTP on a developer's machine: no HSTS from here (set it at the TLS proxy).
        strictTransportSecurity: false,
        referrerPolicy: { policy: 'no-referrer' },
        frameguard: { action: 'deny' },
        crossOriginEmbedderPolicy: false,
      });
      await scope.register(fastifyStatic, {
        root: dir,
        prefix: '/',
        // Brotli or gzip files written beside each asset at build time (vite.config.ts).
        preCompressed: true,
        cacheControl: false,
        dotfiles: 'ignore',
        setHeaders(reply, file) {
          const name = path.relative(dir, file);
          reply.header(
            'cache-control',
            name.startsWith(`assets${path.sep}`)
              ? `public, max-age=${YEAR}, immutable`
              : name.endsWith('.html')
                ? 'no-cache'
                : 'public, max-age=86400',
          );
        },
      });
      scope.setNotFoundHandler((req, reply) => {
        const url = req.url.split('?')[0];
        if (req.method !== 'GET' && req.method !== 'HEAD') return reply.status(404).send(errorBody('notFound'));
        // Files live under assets/ (and dotfiles are never served); any other path is a page of the
        // app, dots included (/console/modpacks/my-pack/builds/1.0.0): the router in the browser
        // shows it, or its own "not found" page.
        if (url.startsWith('/console/assets/') || url.includes('/.')) {
          return reply.status(404).send(errorBody('notFound'));
        }
        return reply.sendFile('index.html');
      });
    },
    { prefix: '/console' },
  );
}
