// Webhook endpoints (docs/webhooks.md#endpoints): a modpack's (scope.modpack_id) or every
// modpack's (scope.all_modpacks, operators), with the events wanted and a signing secret stored
// sealed. The gateway has checked the caller's access to the modpack; an endpoint outside the
// scope asked with is not found. Limits per modpack and in all are checked under one lock, so
// that concurrent creates cannot pass them together.
import { randomBytes } from 'node:crypto';
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import {
  DepotError,
  formatTimestamp,
  MODPACK_WEBHOOK_EVENTS,
  WEBHOOK_EVENTS,
  WEBHOOK_SECRET_MAX_BYTES,
  WEBHOOK_SECRET_MIN_BYTES,
  type FieldErrors,
} from '@depot/common';
import type { Orm, SealedBox } from '@depot/common/runtime';
import type { hooksV1 } from '@depot/proto';
import { ENDPOINT_FORMATS, ENDPOINT_SECRETS, EndpointSchema, type EndpointFormat, type EndpointRow } from './endpoint';
import { refusalOf, type UrlPolicy } from './url-policy';

// Serializes creates (any constant unique to this purpose).
const LIMIT_LOCK = 727301;

export interface EndpointLimits {
  perModpack: number;
  total: number;
}

export interface EndpointFields {
  url?: string;
  events?: string[];
  secret?: string;
  format?: string;
  description?: string;
  enabled?: boolean;
}

export type Scope = hooksV1.Scope__Output;

export class Endpoints {
  constructor(
    private readonly orm: Orm,
    private readonly box: SealedBox,
    private readonly policy: UrlPolicy & { discordPrefixes: string[] },
    private readonly limits: EndpointLimits,
  ) {}

  private em() {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** The endpoint and its secret in clear (shown once). */
  async create(scope: Scope, fields: EndpointFields): Promise<{ row: EndpointRow; secret: string }> {
    const modpackId = scope.all_modpacks ? null : scope.modpack_id;
    const secret = fields.secret ?? `whsec_${randomBytes(32).toString('base64url')}`;
    this.check({ ...fields, secret }, modpackId, true);
    return this.em().transactional(async (tx) => {
      await tx.execute('select pg_advisory_xact_lock(?)', [LIMIT_LOCK]);
      const [counts] = await tx.execute<{ total: number; here: number }[]>(
        'select count(*)::int as total, count(*) filter (where modpack_id is not distinct from ?)::int as here from endpoints',
        [modpackId],
      );
      if (modpackId !== null && counts.here >= this.limits.perModpack) {
        throw new DepotError('WEBHOOK_LIMIT', {}, `A modpack has at most ${this.limits.perModpack} webhooks.`);
      }
      if (counts.total >= this.limits.total) {
        throw new DepotError('WEBHOOK_LIMIT', {}, `Depot holds at most ${this.limits.total} webhooks.`);
      }
      const row = tx.create(EndpointSchema, {
        modpackId,
        url: fields.url!,
        events: [...new Set(fields.events)],
        format: (fields.format as EndpointFormat | undefined) ?? this.formatOf(fields.url!),
        description: fields.description ?? '',
        secret: '',
        keyId: this.box.keyId,
        enabled: true,
        disabledReason: '',
      } as EndpointRow);
      await tx.flush();
      // Sealed for its own id: a secret copied onto another endpoint's row does not open.
      row.secret = this.box.seal(secret, ENDPOINT_SECRETS.binding(row.id));
      await tx.flush();
      return { row, secret };
    });
  }

  async list(scope: Scope): Promise<EndpointRow[]> {
    const where = scope.all_modpacks ? {} : { modpackId: scope.modpack_id };
    return this.em().find(EndpointSchema, where, { orderBy: { id: 'asc' } });
  }

  async get(scope: Scope, id: number, em: SqlEntityManager = this.em()): Promise<EndpointRow> {
    const row = await em.findOne(EndpointSchema, { id });
    if (!row || !inScope(row, scope)) throw new DepotError('WEBHOOK_NOT_FOUND');
    return row;
  }

  /** The endpoint, and its new secret when one was set or made. */
  async update(
    scope: Scope,
    id: number,
    fields: EndpointFields,
    rotate: boolean,
  ): Promise<{ row: EndpointRow; secret?: string }> {
    return this.em().transactional(async (tx) => {
      const row = await this.get(scope, id, tx);
      const secret = fields.secret ?? (rotate ? `whsec_${randomBytes(32).toString('base64url')}` : undefined);
      this.check({ ...fields, secret }, row.modpackId, false);
      if (fields.url !== undefined) row.url = fields.url;
      if (fields.events !== undefined) row.events = [...new Set(fields.events)];
      if (fields.format !== undefined) row.format = fields.format as EndpointFormat;
      if (fields.description !== undefined) row.description = fields.description;
      if (fields.enabled !== undefined) {
        row.enabled = fields.enabled;
        if (fields.enabled) row.disabledReason = '';
        else if (!row.disabledReason) row.disabledReason = 'Disabled by a user.';
      }
      if (secret !== undefined) {
        row.secret = this.box.seal(secret, ENDPOINT_SECRETS.binding(row.id));
        row.keyId = this.box.keyId;
      }
      await tx.flush();
      return { row, secret };
    });
  }

  async delete(scope: Scope, id: number): Promise<void> {
    await this.em().transactional(async (tx) => {
      const row = await this.get(scope, id, tx);
      await tx.nativeDelete(EndpointSchema, { id: row.id });
    });
  }

  /** The secret an endpoint signs with. */
  secretOf(row: { id: number; secret: string }): string {
    return this.box.open(row.secret, ENDPOINT_SECRETS.binding(row.id));
  }

  private formatOf(url: string): EndpointFormat {
    return this.policy.discordPrefixes.some((p) => url.startsWith(p)) ? 'discord' : 'depot';
  }

  /** Field errors (422) of what is given; on create, url and events are required. */
  private check(fields: EndpointFields, modpackId: number | null, creating: boolean): void {
    const errors: FieldErrors = {};
    if (fields.url !== undefined || creating) {
      const refusal = fields.url ? refusalOf(fields.url, this.policy) : 'The url field is required.';
      if (refusal) errors.url = [refusal];
    }
    if (fields.events !== undefined || creating) {
      const allowed: readonly string[] = modpackId === null ? WEBHOOK_EVENTS : MODPACK_WEBHOOK_EVENTS;
      if (!fields.events?.length) errors.events = ['The events field must name at least one event.'];
      else if (fields.events.some((e) => !allowed.includes(e))) {
        errors.events = [`The events must be among: ${allowed.join(', ')}.`];
      }
    }
    if (fields.secret !== undefined) {
      const bytes = Buffer.byteLength(fields.secret, 'utf8');
      if (bytes < WEBHOOK_SECRET_MIN_BYTES || bytes > WEBHOOK_SECRET_MAX_BYTES) {
        errors.secret = [
          `The secret must be between ${WEBHOOK_SECRET_MIN_BYTES} and ${WEBHOOK_SECRET_MAX_BYTES} bytes.`,
        ];
      }
    }
    if (fields.format !== undefined && !(ENDPOINT_FORMATS as readonly string[]).includes(fields.format)) {
      errors.format = [`The format must be one of: ${ENDPOINT_FORMATS.join(', ')}.`];
    }
    if (Object.keys(errors).length) throw DepotError.fields(errors);
  }
}

const inScope = (row: EndpointRow, scope: Scope) => scope.all_modpacks || row.modpackId === scope.modpack_id;

/** The API's view of an endpoint (its secret only when given). */
export function endpointView(row: EndpointRow, secret?: string): hooksV1.Endpoint {
  return {
    id: row.id,
    modpack_id: row.modpackId ?? 0,
    url: row.url,
    events: row.events,
    format: row.format,
    description: row.description,
    enabled: row.enabled,
    disabled_reason: row.disabledReason,
    created_at: formatTimestamp(row.createdAt),
    updated_at: formatTimestamp(row.updatedAt),
    ...(secret !== undefined ? { secret } : {}),
  };
}
