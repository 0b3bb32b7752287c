// What a webhook is told (docs/webhooks.md#payloads): one body per event, composed once when the
// event arrives (whatever the number of endpoints) and stored with it, so every attempt of every
// delivery sends the same bytes. A published build's payload carries its changelog's summary,
// asked of builds once; when builds does not answer, the payload goes without it rather than
// holding back the deliveries of every later event.
import type { PromiseClient } from '@depot/common/grpc';
import { type EventPayloads, type WebhookEvent } from '@depot/common';
import { sleep } from '@depot/common/bus';
import type { BuildsServiceDefinition, buildsV1 } from '@depot/proto';

export interface ComposedEvent {
  type: WebhookEvent | 'ping';
  /** The modpack it is about (null: none, a mod version's). */
  modpackId: number | null;
  body: WebhookBody;
}

export interface WebhookBody {
  event: string;
  created_at: string;
  data: Record<string, unknown>;
}

export interface ChangeSummary {
  from: string | null;
  added: number;
  removed: number;
  updated: number;
  unchanged: number;
}

type Builds = PromiseClient<BuildsServiceDefinition>;

export class Payloads {
  constructor(
    private readonly builds: Builds,
    /** The gateway's public URL, for links (none when unset). */
    private readonly publicUrl: string | undefined,
    private readonly retryMs = 500,
  ) {}

  async published(e: EventPayloads['build.published']): Promise<ComposedEvent> {
    const answer = await this.patiently(() =>
      this.builds.GetBuildChanges({ slug: e.modpack_slug, version: e.version }),
    );
    const changes = answer?.changes;
    const data: Record<string, unknown> = {
      modpack: { id: e.modpack_id, slug: e.modpack_slug, name: answer?.modpack_name ?? e.modpack_slug },
      build: changes?.build ? buildView(changes.build) : { id: e.build_id, version: e.version },
      changelog: changes ? summaryOf(changes) : null,
      notes: changes?.notes ?? null,
      changelog_url: this.link(`changelogs/${enc(e.modpack_slug)}/builds/${enc(e.version)}`),
    };
    return compose('build.published', e.modpack_id, data);
  }

  promoted(e: EventPayloads['build.promoted']): ComposedEvent {
    return compose('build.promoted', e.modpack_id, {
      modpack: { id: e.modpack_id, slug: e.modpack_slug },
      which: e.which,
      from: e.from,
      to: e.to,
      changelog_url: e.to ? this.link(`changelogs/${enc(e.modpack_slug)}/builds/${enc(e.to)}`) : null,
    });
  }

  /** A published build changed; undefined when its modpack is gone meanwhile (modpack.deleted tells). */
  async changed(e: EventPayloads['build.changed']): Promise<ComposedEvent | undefined> {
    const refs = await this.patiently(() => this.builds.GetModpacksByIds({ ids: [e.modpack_id] }));
    const slug = refs?.modpacks[0]?.slug;
    if (refs && !slug) return undefined;
    return compose('build.changed', e.modpack_id, {
      modpack: { id: e.modpack_id, slug: slug ?? null },
      build: e.build_id ? { id: e.build_id } : null,
    });
  }

  versionAdded(e: EventPayloads['mod.version.added']): ComposedEvent {
    return compose('mod.version.added', null, {
      mod: { id: e.mod_id, slug: e.mod_slug },
      version: { id: e.version_id, version: e.version },
    });
  }

  modpackDeleted(e: EventPayloads['modpack.deleted']): ComposedEvent {
    return compose('modpack.deleted', e.modpack_id, { modpack: { id: e.modpack_id, slug: e.modpack_slug ?? null } });
  }

  /** "Send a test event". */
  ping(endpointId: number): ComposedEvent {
    return compose('ping', null, { endpoint: { id: endpointId }, message: 'A test event from Depot.' });
  }

  private link(path: string): string | null {
    return this.publicUrl ? `${this.publicUrl.replace(/\/*$/, '/')}${path}` : null;
  }

  /** The answer, asked up to three times; undefined when builds did not give one. */
  private async patiently<T>(ask: () => Promise<T>): Promise<T | undefined> {
    for (let attempt = 1; ; attempt++) {
      try {
        return await ask();
      } catch {
        if (attempt >= 3) return undefined;
        await sleep(this.retryMs * attempt);
      }
    }
  }
}

const enc = encodeURIComponent;

function compose(type: ComposedEvent['type'], modpackId: number | null, data: Record<string, unknown>): ComposedEvent {
  return { type, modpackId, body: { event: type, created_at: new Date().toISOString(), data } };
}

function buildView(b: buildsV1.Build__Output) {
  return {
    id: b.id,
    version: b.version,
    minecraft: b.minecraft,
    loader: b.loader ?? null,
    loader_version: b.loader_version ?? null,
    java: b.min_java ?? null,
    memory: b.min_memory ?? null,
  };
}

/** "added 2, removed 1, updated 3": the changelog's counts. */
export function summaryOf(c: buildsV1.BuildChanges__Output): ChangeSummary {
  const added = c.changes.filter((m) => !m.from_version_id).length;
  const removed = c.changes.filter((m) => !m.to_version_id).length;
  return {
    from: c.from?.version ?? null,
    added,
    removed,
    updated: c.changes.length - added - removed,
    unchanged: c.unchanged,
  };
}
