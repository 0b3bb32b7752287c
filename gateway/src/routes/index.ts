// Every route of the gateway, one declaration each (route.ts), grouped by area.
import type { FastifyInstance } from 'fastify';
import type { AnyRoute } from '../pipeline/route';
import { assignmentsRoutes } from './assignments';
import { buildsRoutes } from './builds';
import { clientsRoutes } from './clients';
import { keysRoutes } from './keys';
import { launcherRoutes } from './launcher';
import { manageRoutes } from './manage';
import { modpacksRoutes } from './modpacks';
import { modRoutes } from './mods';
import { rootRoutes } from './root';
import { tokensRoutes } from './tokens';
import { twoFactorRoutes } from './two-factor';
import { accountRoutes } from './account';
import { sessionRoutes } from './session';
import { usersRoutes } from './users';
import { verifyRoutes } from './verify';

export function allRoutes(app: FastifyInstance): AnyRoute[] {
  return [
    rootRoutes,
    modRoutes,
    launcherRoutes,
    modpacksRoutes,
    buildsRoutes,
    assignmentsRoutes,
    keysRoutes,
    verifyRoutes,
    clientsRoutes,
    usersRoutes,
    tokensRoutes,
    manageRoutes,
    sessionRoutes,
    accountRoutes,
    twoFactorRoutes,
  ].flatMap((group) => group(app));
}
