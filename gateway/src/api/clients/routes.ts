// Launcher clients (docs/api.md#launcher-clients, `solder_clients`): a launcher install's uuid
// and the modpacks (by id) it may read.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError, UUID_PATTERN } from '@depot/common';
import { FIELD_MESSAGES } from '../../messages';
import * as schemas from '../schemas';
import * as res from './schemas';
import { route, segment } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { list, listOf, presentFields, rules, SELECTED_INVALID } from '../../pipeline/validation';
import { clientRecord } from './views';

const createClientBody = z.object({
  name: rules.string(),
  uuid: rules.string().regex(UUID_PATTERN, FIELD_MESSAGES.uuid),
});
const uuidParams = z.object({ uuid: segment('CLIENT_NOT_FOUND', 'Launcher client id (a UUID).') });

export function clientsRoutes(app: FastifyInstance) {
  const { auth, builds } = app.deps.clients;

  /** Modpack ids, checked against builds in one call; unknown ones are reported with the other field errors. */
  const modpackIds = list(
    listOf(
      z
        .number({ error: SELECTED_INVALID })
        .int(SELECTED_INVALID)
        .min(1, SELECTED_INVALID)
        .max(2147483647, SELECTED_INVALID),
    )
      .transform(async (ids, ctx) => {
        const wanted = [...new Set(ids)];
        if (wanted.length && (await builds.GetModpacksByIds({ ids: wanted })).modpacks.length < wanted.length) {
          ctx.addIssue({ code: 'custom', message: SELECTED_INVALID });
          return z.NEVER;
        }
        return wanted;
      })
      .meta({ description: 'Ids of the modpacks to link; replaces the whole set. Absent: the links are kept.' }),
  );
  const updateClientBody = z.object({ name: rules.string(), modpacks: modpackIds }).partial();

  return [
    route({
      method: 'GET',
      url: '/api/client',
      tag: 'Launcher clients',
      summary: 'List launcher clients',
      access: 'solder_clients',
      response: res.clientList,
      returns: 'The clients.',
      handler: async () => ({ clients: (await auth.ListClients({})).clients.map(clientRecord) }),
    }),
    route({
      method: 'POST',
      url: '/api/client',
      tag: 'Launcher clients',
      summary: 'Register a launcher client',
      access: 'solder_clients',
      body: createClientBody,
      status: 201,
      response: res.client,
      returns: 'The new client.',
      answers: { 422: invalid() },
      handler: async ({ body }) => clientRecord(await auth.CreateClient(body)),
    }),
    route({
      method: 'PUT',
      url: '/api/client/:uuid',
      tag: 'Launcher clients',
      summary: 'Rename a client or replace its linked modpacks',
      description: 'Without `modpacks` the links are kept.',
      access: 'solder_clients',
      params: uuidParams,
      // 404 before 422; auth matches uuids whatever their case.
      target: async ({ params }) => {
        const uuid = params.uuid!.toLowerCase();
        const { clients: all } = await auth.ListClients({});
        if (!all.some((c) => c.uuid.toLowerCase() === uuid)) throw new DepotError('CLIENT_NOT_FOUND');
      },
      body: updateClientBody,
      response: res.client,
      returns: 'The updated client.',
      answers: { 422: invalid() },
      handler: async ({ params, body }) =>
        clientRecord(
          await auth.UpdateClient({
            uuid: params.uuid,
            name: body.name,
            modpack_ids: body.modpacks ?? [],
            update_mask: presentFields(body),
          }),
        ),
    }),
    route({
      method: 'DELETE',
      url: '/api/client/:uuid',
      tag: 'Launcher clients',
      summary: 'Delete a launcher client',
      access: 'solder_clients',
      params: uuidParams,
      response: schemas.success('Client deleted.'),
      returns: 'Deleted.',
      handler: async ({ params }) => {
        await auth.DeleteClient({ uuid: params.uuid });
        return { success: 'Client deleted.' as const };
      },
    }),
  ];
}
