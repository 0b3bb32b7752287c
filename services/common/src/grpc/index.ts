// @depot/common/grpc: the gRPC layer every service and the gateway share: one server and one client,
// one mapping of errors to status codes, deadlines, metrics and spans for every call.
export * from './types';
export * from './errors';
export * from './server';
export * from './client';
export * from './update-mask';
export * from './server-pack-request';
export * from './pack-doctor/gather';
