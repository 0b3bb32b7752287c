import { EntitySchema } from '@mikro-orm/core';
import { SealedBox, timestampProperties, type SealedRows } from '@depot/common/runtime';

export const ENDPOINT_FORMATS = ['depot', 'discord'] as const;
export type EndpointFormat = (typeof ENDPOINT_FORMATS)[number];

export interface EndpointRow {
  id: number;
  /** null: every modpack (an operator's endpoint). */
  modpackId: number | null;
  url: string;
  events: string[];
  format: EndpointFormat;
  description: string;
  /** The signing secret, sealed (SealedBox) for this endpoint's id. */
  secret: string;
  keyId: string;
  enabled: boolean;
  disabledReason: string;
  createdAt: Date;
  updatedAt: Date;
}

export const EndpointSchema = new EntitySchema<EndpointRow>({
  name: 'Endpoint',
  tableName: 'endpoints',
  properties: {
    id: { type: 'number', primary: true, autoincrement: true },
    modpackId: { type: 'number', nullable: true, fieldName: 'modpack_id' },
    url: { type: 'text' },
    events: { type: 'string[]', columnType: 'text[]' },
    format: { type: 'text' },
    description: { type: 'text' },
    secret: { type: 'text' },
    keyId: { type: 'text', fieldName: 'key_id' },
    enabled: { type: 'boolean' },
    disabledReason: { type: 'text', fieldName: 'disabled_reason' },
    ...timestampProperties,
  },
});

/** The box of HOOKS_SECRET_KEY (or of the key before it, for a rotation). */
export const secretBox = (setting: string) => new SealedBox(setting, { name: 'HOOKS_SECRET_KEY', purpose: 'webhook' });

/** Where the signing secrets are stored, each sealed for its endpoint's id (common's checkSealedKeys). */
export const ENDPOINT_SECRETS: SealedRows = {
  table: 'endpoints',
  id: 'id',
  secret: 'secret',
  keyId: 'key_id',
  binding: (id) => `endpoint:${id}`,
  // Serializes replicas that start at the same time (a constant unique to this purpose).
  lock: 727277,
  setting: 'HOOKS_SECRET_KEY',
  describe: (n) => `the signing secrets of ${n} webhook endpoint(s)`,
};
