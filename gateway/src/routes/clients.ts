// Launcher clients (compat.md §4 clients, `solder_clients`): a launcher install's uuid and the
// modpacks (by id) it may read.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { DepotError, type FieldErrors } from '@depot/common';
import type { authV1 } from '@depot/proto';
import { requirePermission } from '../auth';
import { HttpError } from '../errors';
import { named, presentFields, rules, validate, validBody } from '../validation';
import { list, rawField, SELECTED_INVALID } from './users';

/** Any UUID version, any case (Laravel's `uuid` rule). */
const UUID_PATTERN = /^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$/;

export const createClientBody = z.object({
  name: rules.string(),
  uuid: rules.string().regex(UUID_PATTERN, 'The :attribute field must be a valid UUID.'),
});
const modpackIds = list(
  z
    .number({ error: SELECTED_INVALID })
    .int(SELECTED_INVALID)
    .min(1, SELECTED_INVALID)
    .max(2147483647, SELECTED_INVALID),
);
export const updateClientBody = z.object({ name: rules.string(), modpacks: modpackIds }).partial();

type UuidParams = { uuid: string };

const clientRecord = (c: authV1.Client__Output) => ({
  id: c.id,
  name: c.name,
  uuid: c.uuid,
  modpacks: c.modpack_ids,
  created_at: c.created_at,
  updated_at: c.updated_at,
});

export async function clientsRoutes(app: FastifyInstance) {
  const { clients } = app.deps;
  const { auth, builds } = clients;

  app.get('/api/client', async (req) => {
    await requirePermission(req, clients, 'solder_clients');
    return { clients: (await auth.ListClients({})).clients.map(clientRecord) };
  });

  app.post('/api/client', async (req, reply) => {
    await requirePermission(req, clients, 'solder_clients');
    const body = await validBody(createClientBody, req.body);
    return reply.status(201).send(clientRecord(await auth.CreateClient(body)));
  });

  app.put<{ Params: UuidParams }>('/api/client/:uuid', async (req) => {
    await requirePermission(req, clients, 'solder_clients');
    const uuid = named(req.params.uuid, 'CLIENT_NOT_FOUND');
    const result = validate(updateClientBody, req.body);
    const errors: FieldErrors = result.ok ? {} : { ...result.errors };
    // Unknown modpack ids are reported with the other field errors, so they are checked even when those fail.
    const ids = result.ok
      ? result.data.modpacks
      : errors.modpacks
        ? undefined
        : modpackIds.parse(rawField(req.body, 'modpacks'));
    const wanted = [...new Set(ids ?? [])];
    if (wanted.length && (await builds.GetModpacksByIds({ ids: wanted })).modpacks.length < wanted.length) {
      errors.modpacks = [SELECTED_INVALID.replace(':attribute', 'modpacks')];
    }
    if (!result.ok || errors.modpacks) {
      // 404 before 422 (compat.md §6); auth matches uuids whatever their case.
      const { clients: all } = await auth.ListClients({});
      if (!all.some((c) => c.uuid.toLowerCase() === uuid.toLowerCase())) throw new DepotError('CLIENT_NOT_FOUND');
      throw (!result.ok && result.unreadable) || new HttpError(422, errors);
    }
    const client = await auth.UpdateClient({
      uuid,
      name: result.data.name,
      modpack_ids: wanted,
      update_mask: presentFields(result.data),
    });
    return clientRecord(client);
  });

  app.delete<{ Params: UuidParams }>('/api/client/:uuid', async (req) => {
    await requirePermission(req, clients, 'solder_clients');
    await auth.DeleteClient({ uuid: named(req.params.uuid, 'CLIENT_NOT_FOUND') });
    return { success: 'Client deleted.' };
  });
}
