import type { FastifyInstance } from 'fastify';
import { usersRoutes } from './users';
import { tokensRoutes } from './tokens';
import { keysRoutes } from './keys';
import { clientsRoutes } from './clients';
import { verifyRoutes } from './verify';
import { modpacksRoutes } from './modpacks';
import { buildsRoutes } from './builds';
import { assignmentsRoutes } from './assignments';
import { launcherRoutes } from './launcher';

/** Every route group beyond the root and mods. */
export async function registerRoutes(app: FastifyInstance) {
  for (const group of [
    usersRoutes,
    tokensRoutes,
    keysRoutes,
    clientsRoutes,
    verifyRoutes,
    modpacksRoutes,
    buildsRoutes,
    assignmentsRoutes,
    launcherRoutes,
  ]) {
    await group(app);
  }
}
