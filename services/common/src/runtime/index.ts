// @depot/common/runtime: a service that owns a database: MikroORM on PostgreSQL, migrations, the
// outbox that publishes its events, imports, health. The gateway, which owns none, never loads it.
export * from './health';
export * from './orm';
export * from './entity-timestamps';
export * from './columns';
export * from './prepared';
export * from './imports';
export * from './outbox';
export * from './db-admin';
export * from './runtime';
export * from './connection-errors';
export * from './version-rule-report';
export * from './sealed-box';
export * from './sealed-keys';
