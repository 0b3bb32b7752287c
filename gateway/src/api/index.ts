// Every route of the gateway, one declaration each (pipeline/route.ts), by area: each area's
// routes, the schemas of what they answer and the views that build it, side by side.
//
// The areas load in this order on purpose: their schemas register the OpenAPI component ids as
// they load, and the document lists its components in that order (the shared error first).
import './schemas';
import { rootRoutes } from './root/routes';
import { modRoutes } from './mods/routes';
import { modpacksRoutes } from './modpacks/modpacks';
import { buildsRoutes } from './modpacks/builds';
import { assignmentsRoutes } from './modpacks/assignments';
import { launcherRoutes } from './launcher/routes';
import { keysRoutes } from './keys/routes';
import { verifyRoutes } from './keys/verify';
import { clientsRoutes } from './clients/routes';
import { usersRoutes } from './users/users';
import { sessionRoutes } from './account/session';
import { accountRoutes } from './account/account';
import { twoFactorRoutes } from './account/two-factor';
import { tokensRoutes } from './tokens/routes';
import { manageRoutes } from './manage/routes';
import { manageVersionRoutes } from './manage/versions';
import { archiveUploadRoutes } from './archives/upload';
import { archiveDownloadRoutes } from './archives/download';
import { serverPackRoutes } from './archives/server-packs';
import { exportRoutes } from './archives/exports';
import { releaseRoutes } from './releases/routes';
import { changelogRoutes } from './changelogs/routes';
import { hookRoutes } from './hooks/routes';
import type { FastifyInstance } from 'fastify';
import type { AnyRoute } from '../pipeline/route';

/** The routes in the order they are registered (and documented). */
export function allRoutes(app: FastifyInstance): AnyRoute[] {
  return [
    rootRoutes,
    modRoutes,
    archiveUploadRoutes,
    archiveDownloadRoutes,
    serverPackRoutes,
    exportRoutes,
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
    manageVersionRoutes,
    releaseRoutes,
    changelogRoutes,
    hookRoutes,
    sessionRoutes,
    accountRoutes,
    twoFactorRoutes,
  ].flatMap((group) => group(app));
}
