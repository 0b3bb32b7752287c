import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

/** A launcher install (`cid`), linked to the modpacks it may read. */
export interface Client {
  id: number;
  name: string;
  /** As created; unique case-insensitively. */
  uuid: string;
  /** SHA-256 of the lowercase uuid, hex: `cid` lookups go by it. */
  uuidHash: string;
  createdAt: Date;
  updatedAt: Date;
}

export const ClientSchema = new EntitySchema<Client>({
  name: 'Client',
  tableName: 'clients',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    name: { type: 'string', length: 255 },
    uuid: { type: 'string', length: 255 },
    uuidHash: { type: 'string', columnType: 'char(64)', fieldName: 'uuid_hash' },
    ...timestampProperties,
  },
});

export interface ClientModpack {
  clientId: number;
  modpackId: number;
}

export const ClientModpackSchema = new EntitySchema<ClientModpack>({
  name: 'ClientModpack',
  tableName: 'client_modpacks',
  properties: {
    clientId: { type: 'number', primary: true, fieldName: 'client_id' },
    modpackId: { type: 'number', primary: true, fieldName: 'modpack_id' },
  },
});
