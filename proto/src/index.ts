// The gRPC contracts of Depot, loaded once from the .proto files beside this package, with the
// TypeScript types generated from them (`npm run proto:gen`). Services and the gateway import
// everything gRPC-shaped from here and never re-declare it.
import path from 'node:path';
import * as grpc from '@grpc/grpc-js';
import * as protoLoader from '@grpc/proto-loader';
import type { ProtoGrpcType as CatalogGrpc } from './generated/catalog';
import type { ProtoGrpcType as BuildsGrpc } from './generated/builds';
import type { ProtoGrpcType as AuthGrpc } from './generated/auth';
import type { ProtoGrpcType as HooksGrpc } from './generated/hooks';
import type { WithStreams } from './streams';
import type * as catalogService from './generated/depot/catalog/v1/CatalogService';
import type * as buildsService from './generated/depot/builds/v1/BuildsService';
import type * as authService from './generated/depot/auth/v1/AuthService';
import type * as hooksService from './generated/depot/hooks/v1/HooksService';
import { sendUpload, type Upload, type UploadClient } from './upload-client';
import { uploadSerializer } from './upload-messages';

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
const hooks = load<HooksGrpc>('depot/hooks/v1/hooks.proto').depot.hooks.v1;

// The service definitions, their client-streamed methods marked (streams.ts); interfaces, so
// that the types of clients and handlers name them (a declaration emitted elsewhere can).
/* eslint-disable @typescript-eslint/no-empty-object-type -- named interfaces, as said above */
export interface CatalogServiceDefinition extends WithStreams<
  catalogService.CatalogServiceDefinition,
  catalogService.CatalogServiceClient
> {}
export interface BuildsServiceDefinition extends WithStreams<
  buildsService.BuildsServiceDefinition,
  buildsService.BuildsServiceClient
> {}
export interface AuthServiceDefinition extends WithStreams<
  authService.AuthServiceDefinition,
  authService.AuthServiceClient
> {}
export interface HooksServiceDefinition extends WithStreams<
  hooksService.HooksServiceDefinition,
  hooksService.HooksServiceClient
> {}

/** A service's client constructor, with its marked definition. */
interface ServiceConstructor<Client, Definition> {
  new (address: string, credentials: grpc.ChannelCredentials, options?: grpc.ClientOptions): Client;
  service: Definition;
  serviceName: string;
}

export const CatalogService = catalog.CatalogService as ServiceConstructor<
  catalogService.CatalogServiceClient,
  CatalogServiceDefinition
>;
export const BuildsService = builds.BuildsService as ServiceConstructor<
  buildsService.BuildsServiceClient,
  BuildsServiceDefinition
>;
export const AuthService = auth.AuthService as ServiceConstructor<authService.AuthServiceClient, AuthServiceDefinition>;
export const HooksService = hooks.HooksService as ServiceConstructor<
  hooksService.HooksServiceClient,
  HooksServiceDefinition
>;

/** UploadVersionArchive's messages with the file's bytes encoded in one copy (upload-messages.ts). */
export const catalogUpload = {
  serialize: uploadSerializer(CatalogService.service.UploadVersionArchive.requestSerialize),
};
export type { UploadMessage } from './upload-messages';

/** An upload sent through the shared client (upload-client.ts), its bytes encoded in one copy. */
export const uploadArchive = (client: UploadClient, upload: Upload) =>
  sendUpload(client, catalogUpload.serialize, upload);
export { UploadBodyError, type Upload, type UploadBodyProblem, type UploadClient } from './upload-client';

export type { CatalogServiceClient, CatalogServiceHandlers } from './generated/depot/catalog/v1/CatalogService';
export type { BuildsServiceClient, BuildsServiceHandlers } from './generated/depot/builds/v1/BuildsService';
export type { AuthServiceClient, AuthServiceHandlers } from './generated/depot/auth/v1/AuthService';
export type { HooksServiceClient, HooksServiceHandlers } from './generated/depot/hooks/v1/HooksService';

export * as catalogV1 from './catalog-types';
export * as buildsV1 from './builds-types';
export * as authV1 from './auth-types';
export * as hooksV1 from './hooks-types';
