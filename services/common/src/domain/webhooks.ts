// Webhooks' facts, defined once for the hooks service, the gateway's routes and the console
// (docs/webhooks.md): which events an endpoint may ask for, and the rules of its secret.

/** The events an endpoint may be told of; the first four are a modpack's. */
export const WEBHOOK_EVENTS = [
  'build.published',
  'build.promoted',
  'build.changed',
  'modpack.deleted',
  'mod.version.added',
] as const;
export type WebhookEvent = (typeof WEBHOOK_EVENTS)[number];

/** What a modpack's endpoint may ask for: mod versions belong to no modpack (operators' endpoints). */
export const MODPACK_WEBHOOK_EVENTS: readonly WebhookEvent[] = WEBHOOK_EVENTS.filter((e) => e !== 'mod.version.added');

/** The event of "send a test event". */
export const WEBHOOK_TEST_EVENT = 'ping';

/** HMAC-SHA256 keys shorter than its block are weaker than they look: 32 bytes at least. */
export const WEBHOOK_SECRET_MIN_BYTES = 32;
export const WEBHOOK_SECRET_MAX_BYTES = 256;

/** The headers of a delivery. */
export const WEBHOOK_HEADERS = {
  signature: 'depot-signature',
  delivery: 'depot-delivery',
  event: 'depot-event',
} as const;
