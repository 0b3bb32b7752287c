// Events between services. Subjects are prefixed with EVENTS_NAMESPACE so that several stacks
// (tests, staging) can share one NATS; each namespace has its own JetStream stream.

export const EVENT_TYPES = {
  modDeleted: 'mod.deleted',
  modUpdated: 'mod.updated',
  versionDeleted: 'mod.version.deleted',
  versionUpdated: 'mod.version.updated',
  modpackDeleted: 'modpack.deleted',
  buildChanged: 'build.changed',
} as const;

export type EventType = (typeof EVENT_TYPES)[keyof typeof EVENT_TYPES];

export interface EventPayloads {
  'mod.deleted': { mod_id: number; version_ids: number[] };
  'mod.updated': { mod_id: number };
  'mod.version.deleted': { mod_id: number; version_id: number };
  'mod.version.updated': { mod_id: number; version_id: number };
  'modpack.deleted': { modpack_id: number };
  'build.changed': { modpack_id: number; build_id?: number };
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
