// Launcher clients (docs/api.md#launcher-clients): a launcher's uuid linked to the modpacks it may read.
import { LockMode } from '@mikro-orm/core';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import { DepotError } from '@depot/common';
import { scrubError } from '@depot/common/process';
import { isUniqueViolation, type Orm } from '@depot/common/runtime';
import { ClientModpackSchema, ClientSchema, type Client } from './entities/client';
import { clientIdDigest } from './secrets';
import { normalizeIds, Violations } from './validation';

export interface ClientRecord {
  client: Client;
  modpackIds: number[];
}

const uuidTaken = () => DepotError.fields({ uuid: ['The uuid has already been taken.'] }, 'CLIENT_TAKEN');

export class Clients {
  constructor(private readonly orm: Orm) {}

  private em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  async listClients(): Promise<ClientRecord[]> {
    const em = this.em();
    const clients = await em.find(ClientSchema, {}, { orderBy: { id: 'asc' } });
    const links = await em.find(ClientModpackSchema, {}, { orderBy: { modpackId: 'asc' } });
    const byClient = new Map<number, number[]>();
    for (const l of links) byClient.set(l.clientId, [...(byClient.get(l.clientId) ?? []), l.modpackId]);
    return clients.map((client) => ({ client, modpackIds: byClient.get(client.id) ?? [] }));
  }

  async createClient(name: string, uuid: string): Promise<ClientRecord> {
    const v = new Violations();
    v.name('name', name);
    v.name('uuid', uuid);
    v.throwIfAny();
    const uuidHash = clientIdDigest(uuid);
    // The insert carries the uuid (a read credential): keep it out of SQL debug logs and errors.
    const em = this.orm.em.fork({ loggerContext: { enabled: false } }) as SqlEntityManager;
    if (await em.count(ClientSchema, { uuidHash })) throw uuidTaken();
    try {
      const client = em.create(ClientSchema, { name, uuid, uuidHash } as Client);
      await em.flush();
      return { client, modpackIds: [] };
    } catch (err) {
      if (isUniqueViolation(err)) throw uuidTaken();
      throw scrubError(err);
    }
  }

  /** `modpackIds` present replaces the whole link set; absent keeps it. */
  async updateClient(uuid: string, changes: { name?: string; modpackIds?: number[] }): Promise<ClientRecord> {
    return this.em().transactional(async (tx) => {
      const client = await tx.findOne(
        ClientSchema,
        { uuidHash: clientIdDigest(uuid) },
        { lockMode: LockMode.PESSIMISTIC_WRITE },
      );
      if (!client) throw new DepotError('CLIENT_NOT_FOUND');
      const v = new Violations();
      if ('name' in changes) v.name('name', changes.name);
      if (changes.modpackIds) v.modpacks(changes.modpackIds);
      v.throwIfAny();
      const before = await tx.find(ClientModpackSchema, { clientId: client.id }, { orderBy: { modpackId: 'asc' } });
      const ids = changes.modpackIds && normalizeIds(changes.modpackIds);
      const relink = ids !== undefined && ids.join() !== before.map((l) => l.modpackId).join();
      const renamed = changes.name !== undefined && changes.name !== client.name;
      // A change that changes nothing writes nothing, updated_at included (docs/api.md#launcher-clients).
      if (!renamed && !relink) return { client, modpackIds: before.map((l) => l.modpackId) };
      if (changes.name !== undefined) client.name = changes.name;
      client.updatedAt = new Date();
      await tx.flush();
      if (relink) {
        await tx.nativeDelete(ClientModpackSchema, { clientId: client.id });
        if (ids.length)
          await tx.insertMany(
            ClientModpackSchema,
            ids.map((modpackId) => ({ clientId: client.id, modpackId })),
          );
      }
      const links = await tx.find(ClientModpackSchema, { clientId: client.id }, { orderBy: { modpackId: 'asc' } });
      return { client, modpackIds: links.map((l) => l.modpackId) };
    });
  }

  async deleteClient(uuid: string): Promise<void> {
    const deleted = await this.em().nativeDelete(ClientSchema, { uuidHash: clientIdDigest(uuid) });
    if (!deleted) throw new DepotError('CLIENT_NOT_FOUND');
  }
}
