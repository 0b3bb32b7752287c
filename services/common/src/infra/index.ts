// What every Depot process runs on: settings from the environment, logs, metrics and traces, the
// database (ORM, prepared statements, raw-SQL columns, call deadlines, bulk imports), NATS and the
// outbox, gRPC servers and clients (a DepotError on the wire), health, the local stack file and
// the service runtime that opens all of it. No rule of the product lives here (domain/).
export * from './config';
export * from './logger';
export * from './scrub';
export * from './tracing';
export * from './metrics';
export * from './health';
export * from './deadline';
export * from './orm';
export * from './entity-timestamps';
export * from './columns';
export * from './prepared';
export * from './imports';
export * from './nats';
export * from './outbox';
export * from './db-admin';
export * from './local-stack';
export * from './runtime';
export * from './version-rule-report';
export * from './grpc/types';
export * from './grpc/errors';
export * from './grpc/server';
export * from './grpc/client';
export * from './grpc/update-mask';
