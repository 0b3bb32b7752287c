// created_at / updated_at as every Depot table has them: timestamptz with microseconds, set by
// the ORM on insert and on every change.
const created = {
  type: 'Date',
  columnType: 'timestamptz(6)',
  fieldName: 'created_at',
  onCreate: () => new Date(),
} as const;

export const createdAtProperty = created;

export const timestampProperties = {
  createdAt: created,
  updatedAt: { ...created, fieldName: 'updated_at', onUpdate: () => new Date() },
} as const;
