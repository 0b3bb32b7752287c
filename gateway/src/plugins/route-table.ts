// Every route the app registers, in order (`routeTable`: the docs' coverage test walks it), and
// the rule that nothing under /api is registered but through a declaration (pipeline/route.ts),
// which gives it its checks and its documentation. Registered first: it sees every route.
import type { FastifyInstance, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    routeTable: RouteOptions[];
  }
}

export const routeTable = fp(
  async (app: FastifyInstance) => {
    app.decorate('routeTable', [] as RouteOptions[]);
    app.addHook('onRoute', (route) => {
      if (!route.config?.route && /^\/api(\/|$)/.test(route.url)) {
        throw new Error(`${String(route.method)} ${route.url}: declare it with route()`);
      }
      app.routeTable.push(route);
    });
  },
  { name: 'route-table' },
);
