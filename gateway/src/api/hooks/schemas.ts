// What the webhook routes take and answer (docs/webhooks.md).
import { z } from 'zod';
import { WEBHOOK_EVENTS } from '@depot/common';
import { id, timestamp } from '../schemas';
import { rules } from '../../pipeline/validation';

const FORMATS = ['depot', 'discord'] as const;

const fields = {
  url: rules.url().meta({ description: 'https (http only where WEBHOOK_ALLOW_HTTP), a public address.' }),
  events: z
    .array(z.enum(WEBHOOK_EVENTS))
    .min(1)
    .meta({ description: "The events wanted (mod.version.added: operators' endpoints only)." }),
  secret: z
    .string()
    .max(1024)
    .meta({ description: 'At least 32 bytes; absent: one is made. Shown in this answer only.', writeOnly: true }),
  format: z
    .enum(FORMATS)
    .meta({ description: '`depot` (signed JSON) or `discord` (an embed; default for Discord URLs).' }),
  description: z.string().max(255),
};

export const createBody = z.object({
  url: fields.url,
  events: fields.events,
  secret: fields.secret.optional(),
  format: fields.format.optional(),
  description: fields.description.optional(),
});

export const updateBody = z.object({
  url: fields.url.optional(),
  events: fields.events.optional(),
  secret: fields.secret.optional(),
  format: fields.format.optional(),
  description: fields.description.optional(),
  enabled: rules.boolean().optional().meta({ description: 'false: no deliveries; true again: the waiting ones go.' }),
  rotate_secret: rules.boolean().optional().meta({ description: 'true: a new secret is made, shown in this answer.' }),
});

export const endpoint = z
  .strictObject({
    id,
    modpack_id: id.nullable().meta({ description: 'null: every modpack (an operator’s endpoint).' }),
    url: z.string(),
    events: z.array(z.string()),
    format: z.enum(FORMATS),
    description: z.string(),
    enabled: z.boolean(),
    disabled_reason: z.string().nullable().meta({ description: 'Why it was disabled (e.g. it answered 410 Gone).' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Webhook' });

export const endpointWithSecret = endpoint
  .extend({ secret: z.string().meta({ description: 'Shown once: store it to check signatures.' }) })
  .meta({ id: 'WebhookWithSecret' });

export const endpointList = z.strictObject({ webhooks: z.array(endpoint) }).meta({ id: 'WebhookList' });

export const delivery = z
  .strictObject({
    id: z.string().meta({ description: 'The `Depot-Delivery` header: the same on every attempt.' }),
    event: z.string(),
    state: z.enum(['pending', 'delivered', 'failed']),
    attempts: z.number().int(),
    status: z.number().int().nullable().meta({ description: "The last answer's HTTP status (null: none)." }),
    latency_ms: z.number().int().nullable(),
    response: z.string().meta({ description: 'The first 512 bytes of the last answer, or why there was none.' }),
    created_at: timestamp,
    next_attempt_at: timestamp.nullable(),
    delivered_at: timestamp.nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

export const deliveryList = z.strictObject({ deliveries: z.array(delivery) }).meta({ id: 'WebhookDeliveryList' });

export const deliveriesQuery = z.object({
  limit: z.coerce.number().int().min(1).max(200).optional().meta({ description: 'At most this many (50).' }),
});

/** "Send again" and "send a test event" take nothing. */
export const noBody = z.object({}).meta({ description: 'Nothing: an empty object, or no body at all.' });
