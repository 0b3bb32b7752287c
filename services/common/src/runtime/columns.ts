// Raw SQL over an entity's table without restating its columns. The hot reads (prepared
// statements), the set-wise imports and the modpack copy are raw SQL; the column of each property
// comes from the entity's EntitySchema (its fieldName, else the ORM's own naming: iconUrl →
// icon_url), so a field added to an entity reaches them without another list to keep in step.
import { UnderscoreNamingStrategy, type EntitySchema } from '@mikro-orm/core';

// The ORM's naming on PostgreSQL (initOrm keeps the default).
const naming = new UnderscoreNamingStrategy();

export type PropertyOf<T> = Extract<keyof T, string>;

/** The properties of the entity in the order the schema declares them, less `except`. */
export function propertiesOf<T>(schema: EntitySchema<T>, except: readonly PropertyOf<T>[] = []): PropertyOf<T>[] {
  return (Object.keys(schema.meta.properties) as PropertyOf<T>[]).filter((p) => !except.includes(p));
}

/** The column `property` is stored in. */
export function columnOf<T>(schema: EntitySchema<T>, property: PropertyOf<T>): string {
  const prop = (schema.meta.properties as Record<string, { fieldName?: string } | undefined>)[property];
  if (!prop) throw new Error(`${schema.meta.className} has no property ${property}`);
  return prop.fieldName ?? naming.propertyToColumnName(property);
}

/** The columns of `properties`, in their order. */
export function columnsOf<T>(schema: EntitySchema<T>, properties: readonly PropertyOf<T>[]): string[] {
  return properties.map((p) => columnOf(schema, p));
}

/** `m."icon_url", m."icon_md5"`: the columns quoted, each after `prefix` (`m.`, or none). */
export function columnList(columns: readonly string[], prefix = ''): string {
  return columns.map((c) => `${prefix}"${c}"`).join(', ');
}

/** `"icon_url" = i."icon_url", …`: an update's assignments of the columns from the row `source`. */
export function assignmentsFrom(columns: readonly string[], source: string): string {
  return columns.map((c) => `"${c}" = ${source}."${c}"`).join(', ');
}

/** `m."icon_url" as "iconUrl", …`: a select list whose raw rows carry the entity's property names. */
export function selectProperties<T>(
  schema: EntitySchema<T>,
  table: string,
  properties: readonly PropertyOf<T>[] = propertiesOf(schema),
): string {
  return properties
    .map((p) => {
      const column = columnOf(schema, p);
      return column === p ? `${table}."${column}"` : `${table}."${column}" as "${p}"`;
    })
    .join(', ');
}

/**
 * The entity's properties in `values`, renamed to their columns: a row for
 * `jsonb_populate_recordset(null::<table>, …)`. Anything else in `values` is left out.
 */
export function toColumns<T>(schema: EntitySchema<T>, values: Partial<Record<PropertyOf<T>, unknown>>) {
  const row: Record<string, unknown> = {};
  for (const property of propertiesOf(schema)) {
    if (property in values) row[columnOf(schema, property)] = values[property];
  }
  return row;
}

/** A raw row of selectProperties: the ORM leaves timestamps as PostgreSQL text in raw results. */
export type RawRow<T> = { [K in keyof T]: T[K] extends Date ? string | Date : T[K] };

/** The columns of a left join's missing row: all null. */
export type MissingRow<T> = { [K in keyof T]: null };

const toDate = (v: string | Date): Date => (v instanceof Date ? v : new Date(v));

/** The entity of a raw row: its timestamps as Dates. */
export function withDates<T extends { createdAt: Date; updatedAt: Date }>(row: RawRow<T>): T {
  return { ...row, createdAt: toDate(row.createdAt), updatedAt: toDate(row.updatedAt) } as T;
}
