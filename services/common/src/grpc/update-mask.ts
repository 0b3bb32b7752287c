// Partial updates over gRPC: the gateway names the fields a REST body carries in `update_mask`
// (REST names) and sends the cleared ones unset, since proto3 has no null; a service reads the
// request back into the changes its domain writes. The rules are the protos' (see UpdateModRequest).
import { DepotError, type FieldErrors } from '../domain/errors';

/** A masked field that is not a plain copy of the request field of the same name. */
export interface MaskedField<K extends string> {
  /** The change it becomes. */
  to: K;
  /** The request field carrying the value, when it is not the mask's name (a rename: `new_slug`). */
  from?: string;
  /**
   * What a masked field left unset becomes: `null` (the default), which clears it; `refuse`: a
   * validation error naming the field (a column that holds no null: a 422, not a 500);
   * `undefined`: named without a value, for a domain that judges the change itself.
   */
  unset?: 'null' | 'refuse' | 'undefined';
}

/**
 * The changes a partial update asks for: each field named in `mask` and in `fields` (others are
 * ignored), from the request. `fields` maps a mask name to the change's key, or describes it.
 */
export function masked<K extends string>(
  req: object,
  mask: readonly string[],
  fields: Record<string, K | MaskedField<K>>,
): Partial<Record<K, unknown>> {
  const changes: Partial<Record<K, unknown>> = {};
  const missing: FieldErrors = {};
  for (const name of mask) {
    if (!Object.hasOwn(fields, name)) continue;
    const entry = fields[name];
    const { to, from = name, unset = 'null' } = typeof entry === 'string' ? { to: entry } : entry;
    const value = (req as Record<string, unknown>)[from];
    if (value === undefined && unset === 'refuse') missing[name] = [`The ${name} field is required.`];
    else changes[to] = value === undefined && unset === 'null' ? null : value;
  }
  if (Object.keys(missing).length) throw DepotError.fields(missing);
  return changes;
}
