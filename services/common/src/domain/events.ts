// Events between services, defined once: each event's payload is one zod schema, used by the
// producer (enqueueEvent types its payload from it) and by every consumer (parseEvent checks what
// arrives). Subjects are prefixed with EVENTS_NAMESPACE so that several stacks (tests, staging) can
// share one NATS; each namespace has its own JetStream stream.
import { z } from 'zod';

const id = z.number().int();

export const EVENT_SCHEMAS = {
  /** A mod and all its versions are gone: builds detach the versions. */
  'mod.deleted': z.object({ mod_id: id, version_ids: z.array(id) }),
  'mod.updated': z.object({ mod_id: id }),
  /** A version is gone: builds detach it (an assignment may have raced the in-use check). */
  'mod.version.deleted': z.object({ mod_id: id, version_id: id }),
  'mod.version.updated': z.object({ mod_id: id, version_id: id }),
  /** A version was created (webhooks: docs/webhooks.md#events). */
  'mod.version.added': z.object({ mod_id: id, version_id: id, mod_slug: z.string(), version: z.string() }),
  /** A modpack is gone: auth drops it from access lists and client links. */
  'modpack.deleted': z.object({ modpack_id: id, modpack_slug: z.string().optional() }),
  /**
   * A modpack, one of its builds or their assignments changed (cache invalidation). `published`:
   * the change is to what launchers had (the build was published before it): webhooks tell only
   * those, a draft's edits are nobody's news.
   */
  'build.changed': z.object({ modpack_id: id, build_id: id.optional(), published: z.boolean().optional() }),
  /** A build became published (a release, or an update turning is_published on). */
  'build.published': z.object({ modpack_id: id, modpack_slug: z.string(), build_id: id, version: z.string() }),
  /** The modpack's `recommended` or `latest` build changed, from one version (null: none) to another. */
  'build.promoted': z.object({
    modpack_id: id,
    modpack_slug: z.string(),
    which: z.enum(['recommended', 'latest']),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
} as const;

export type EventType = keyof typeof EVENT_SCHEMAS;
export type EventPayloads = { [T in EventType]: z.infer<(typeof EVENT_SCHEMAS)[T]> };

export const EVENT_TYPES = {
  modDeleted: 'mod.deleted',
  modUpdated: 'mod.updated',
  versionDeleted: 'mod.version.deleted',
  versionUpdated: 'mod.version.updated',
  modpackDeleted: 'modpack.deleted',
  buildChanged: 'build.changed',
  buildPublished: 'build.published',
  buildPromoted: 'build.promoted',
  versionAdded: 'mod.version.added',
} as const satisfies Record<string, EventType>;

export function isEventType(type: string): type is EventType {
  return Object.hasOwn(EVENT_SCHEMAS, type);
}

/** The payload of an event of `type`, or undefined when it is not what that event carries. */
export function parseEvent<T extends EventType>(type: T, data: unknown): EventPayloads[T] | undefined {
  const parsed = EVENT_SCHEMAS[type].safeParse(data);
  return parsed.success ? (parsed.data as EventPayloads[T]) : undefined;
}

export function streamName(namespace: string): string {
  return `${namespace}-events`;
}

export function eventSubject(namespace: string, type: EventType | '>'): string {
  return `${namespace}.${type}`;
}

/** Event type of a full subject (`ns.mod.deleted` → `mod.deleted`). */
export function eventTypeOf(namespace: string, subject: string): EventType {
  return subject.slice(namespace.length + 1) as EventType;
}
