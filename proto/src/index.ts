// The gRPC contracts of Depot, loaded once from the .proto files beside this package, with the
// TypeScript types generated from them (`npm run proto:gen`). Services and the gateway import
// everything gRPC-shaped from here and never re-declare it.
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as CatalogGrpc } from './generated/catalog';
import type { ProtoGrpcType as BuildsGrpc } from './generated/builds';
import type { ProtoGrpcType as AuthGrpc } from './generated/auth';
import { uploadMethod } from './upload-messages';

// Same options as the type generator (see package.json "gen"): the types match the runtime shape.
export const LOADER_OPTIONS: protoLoader.Options = {
  keepCase: true,
  longs: Number,
  enums: String,
  defaults: true,
  oneofs: true,
};

export const PROTO_DIR = path.join(__dirname, '..');

function load<T>(file: string): T {
  const definition = protoLoader.loadSync(path.join(PROTO_DIR, file), { ...LOADER_OPTIONS, includeDirs: [PROTO_DIR] });
  return grpc.loadPackageDefinition(definition) as unknown as T;
}

const catalog = load<CatalogGrpc>('depot/catalog/v1/catalog.proto').depot.catalog.v1;
const builds = load<BuildsGrpc>('depot/builds/v1/builds.proto').depot.builds.v1;
const auth = load<AuthGrpc>('depot/auth/v1/auth.proto').depot.auth.v1;

export const CatalogService = catalog.CatalogService;
export const BuildsService = builds.BuildsService;
export const AuthService = auth.AuthService;

/** UploadVersionArchive with the file's bytes encoded in one copy (upload-messages.ts). */
export const catalogUpload = uploadMethod(CatalogService.service.UploadVersionArchive);
export type { UploadMessage, UploadMethod } from './upload-messages';

export type { CatalogServiceClient, CatalogServiceHandlers } from './generated/depot/catalog/v1/CatalogService';
export type { BuildsServiceClient, BuildsServiceHandlers } from './generated/depot/builds/v1/BuildsService';
export type { AuthServiceClient, AuthServiceHandlers } from './generated/depot/auth/v1/AuthService';

export * as catalogV1 from './catalog-types';
export * as buildsV1 from './builds-types';
export * as authV1 from './auth-types';

export type { CatalogServiceDefinition } from './generated/depot/catalog/v1/CatalogService';
export type { BuildsServiceDefinition } from './generated/depot/builds/v1/BuildsService';
export type { AuthServiceDefinition } from './generated/depot/auth/v1/AuthService';
