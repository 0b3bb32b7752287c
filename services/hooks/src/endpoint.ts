import { EntitySchema } from '@mikro-orm/core';
import { timestampProperties } from '@depot/common/runtime';

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
