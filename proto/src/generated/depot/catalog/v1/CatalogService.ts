// Original file: depot/catalog/v1/catalog.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AdoptVersionArchivesRequest as _depot_catalog_v1_AdoptVersionArchivesRequest, AdoptVersionArchivesRequest__Output as _depot_catalog_v1_AdoptVersionArchivesRequest__Output } from '../../../depot/catalog/v1/AdoptVersionArchivesRequest';
import type { AdoptVersionArchivesResponse as _depot_catalog_v1_AdoptVersionArchivesResponse, AdoptVersionArchivesResponse__Output as _depot_catalog_v1_AdoptVersionArchivesResponse__Output } from '../../../depot/catalog/v1/AdoptVersionArchivesResponse';
import type { CheckServerPacksRequest as _depot_catalog_v1_CheckServerPacksRequest, CheckServerPacksRequest__Output as _depot_catalog_v1_CheckServerPacksRequest__Output } from '../../../depot/catalog/v1/CheckServerPacksRequest';
import type { CheckServerPacksResponse as _depot_catalog_v1_CheckServerPacksResponse, CheckServerPacksResponse__Output as _depot_catalog_v1_CheckServerPacksResponse__Output } from '../../../depot/catalog/v1/CheckServerPacksResponse';
import type { CheckVersionArchivesRequest as _depot_catalog_v1_CheckVersionArchivesRequest, CheckVersionArchivesRequest__Output as _depot_catalog_v1_CheckVersionArchivesRequest__Output } from '../../../depot/catalog/v1/CheckVersionArchivesRequest';
import type { CheckVersionArchivesResponse as _depot_catalog_v1_CheckVersionArchivesResponse, CheckVersionArchivesResponse__Output as _depot_catalog_v1_CheckVersionArchivesResponse__Output } from '../../../depot/catalog/v1/CheckVersionArchivesResponse';
import type { CreateFetchedVersionRequest as _depot_catalog_v1_CreateFetchedVersionRequest, CreateFetchedVersionRequest__Output as _depot_catalog_v1_CreateFetchedVersionRequest__Output } from '../../../depot/catalog/v1/CreateFetchedVersionRequest';
import type { CreateModRequest as _depot_catalog_v1_CreateModRequest, CreateModRequest__Output as _depot_catalog_v1_CreateModRequest__Output } from '../../../depot/catalog/v1/CreateModRequest';
import type { CreateVersionRequest as _depot_catalog_v1_CreateVersionRequest, CreateVersionRequest__Output as _depot_catalog_v1_CreateVersionRequest__Output } from '../../../depot/catalog/v1/CreateVersionRequest';
import type { DeleteModRequest as _depot_catalog_v1_DeleteModRequest, DeleteModRequest__Output as _depot_catalog_v1_DeleteModRequest__Output } from '../../../depot/catalog/v1/DeleteModRequest';
import type { DeleteModResponse as _depot_catalog_v1_DeleteModResponse, DeleteModResponse__Output as _depot_catalog_v1_DeleteModResponse__Output } from '../../../depot/catalog/v1/DeleteModResponse';
import type { DeleteVersionRequest as _depot_catalog_v1_DeleteVersionRequest, DeleteVersionRequest__Output as _depot_catalog_v1_DeleteVersionRequest__Output } from '../../../depot/catalog/v1/DeleteVersionRequest';
import type { DeleteVersionResponse as _depot_catalog_v1_DeleteVersionResponse, DeleteVersionResponse__Output as _depot_catalog_v1_DeleteVersionResponse__Output } from '../../../depot/catalog/v1/DeleteVersionResponse';
import type { ExportPackRequest as _depot_catalog_v1_ExportPackRequest, ExportPackRequest__Output as _depot_catalog_v1_ExportPackRequest__Output } from '../../../depot/catalog/v1/ExportPackRequest';
import type { ExportPackResponse as _depot_catalog_v1_ExportPackResponse, ExportPackResponse__Output as _depot_catalog_v1_ExportPackResponse__Output } from '../../../depot/catalog/v1/ExportPackResponse';
import type { ExtractArchiveJarsRequest as _depot_catalog_v1_ExtractArchiveJarsRequest, ExtractArchiveJarsRequest__Output as _depot_catalog_v1_ExtractArchiveJarsRequest__Output } from '../../../depot/catalog/v1/ExtractArchiveJarsRequest';
import type { ExtractArchiveJarsResponse as _depot_catalog_v1_ExtractArchiveJarsResponse, ExtractArchiveJarsResponse__Output as _depot_catalog_v1_ExtractArchiveJarsResponse__Output } from '../../../depot/catalog/v1/ExtractArchiveJarsResponse';
import type { GetJarRequest as _depot_catalog_v1_GetJarRequest, GetJarRequest__Output as _depot_catalog_v1_GetJarRequest__Output } from '../../../depot/catalog/v1/GetJarRequest';
import type { GetModRequest as _depot_catalog_v1_GetModRequest, GetModRequest__Output as _depot_catalog_v1_GetModRequest__Output } from '../../../depot/catalog/v1/GetModRequest';
import type { GetVersionRequest as _depot_catalog_v1_GetVersionRequest, GetVersionRequest__Output as _depot_catalog_v1_GetVersionRequest__Output } from '../../../depot/catalog/v1/GetVersionRequest';
import type { GetVersionsByIdsRequest as _depot_catalog_v1_GetVersionsByIdsRequest, GetVersionsByIdsRequest__Output as _depot_catalog_v1_GetVersionsByIdsRequest__Output } from '../../../depot/catalog/v1/GetVersionsByIdsRequest';
import type { Jar as _depot_catalog_v1_Jar, Jar__Output as _depot_catalog_v1_Jar__Output } from '../../../depot/catalog/v1/Jar';
import type { ListModsRequest as _depot_catalog_v1_ListModsRequest, ListModsRequest__Output as _depot_catalog_v1_ListModsRequest__Output } from '../../../depot/catalog/v1/ListModsRequest';
import type { ListModsResponse as _depot_catalog_v1_ListModsResponse, ListModsResponse__Output as _depot_catalog_v1_ListModsResponse__Output } from '../../../depot/catalog/v1/ListModsResponse';
import type { LookupArchivesRequest as _depot_catalog_v1_LookupArchivesRequest, LookupArchivesRequest__Output as _depot_catalog_v1_LookupArchivesRequest__Output } from '../../../depot/catalog/v1/LookupArchivesRequest';
import type { LookupArchivesResponse as _depot_catalog_v1_LookupArchivesResponse, LookupArchivesResponse__Output as _depot_catalog_v1_LookupArchivesResponse__Output } from '../../../depot/catalog/v1/LookupArchivesResponse';
import type { Mod as _depot_catalog_v1_Mod, Mod__Output as _depot_catalog_v1_Mod__Output } from '../../../depot/catalog/v1/Mod';
import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from '../../../depot/catalog/v1/ModVersion';
import type { ModWithVersions as _depot_catalog_v1_ModWithVersions, ModWithVersions__Output as _depot_catalog_v1_ModWithVersions__Output } from '../../../depot/catalog/v1/ModWithVersions';
import type { PrepareReleaseRequest as _depot_catalog_v1_PrepareReleaseRequest, PrepareReleaseRequest__Output as _depot_catalog_v1_PrepareReleaseRequest__Output } from '../../../depot/catalog/v1/PrepareReleaseRequest';
import type { PrepareReleaseResponse as _depot_catalog_v1_PrepareReleaseResponse, PrepareReleaseResponse__Output as _depot_catalog_v1_PrepareReleaseResponse__Output } from '../../../depot/catalog/v1/PrepareReleaseResponse';
import type { RehashVersionRequest as _depot_catalog_v1_RehashVersionRequest, RehashVersionRequest__Output as _depot_catalog_v1_RehashVersionRequest__Output } from '../../../depot/catalog/v1/RehashVersionRequest';
import type { RehashVersionResponse as _depot_catalog_v1_RehashVersionResponse, RehashVersionResponse__Output as _depot_catalog_v1_RehashVersionResponse__Output } from '../../../depot/catalog/v1/RehashVersionResponse';
import type { RenderBuildModsRequest as _depot_catalog_v1_RenderBuildModsRequest, RenderBuildModsRequest__Output as _depot_catalog_v1_RenderBuildModsRequest__Output } from '../../../depot/catalog/v1/RenderBuildModsRequest';
import type { RenderBuildModsResponse as _depot_catalog_v1_RenderBuildModsResponse, RenderBuildModsResponse__Output as _depot_catalog_v1_RenderBuildModsResponse__Output } from '../../../depot/catalog/v1/RenderBuildModsResponse';
import type { ServerPackRequest as _depot_catalog_v1_ServerPackRequest, ServerPackRequest__Output as _depot_catalog_v1_ServerPackRequest__Output } from '../../../depot/catalog/v1/ServerPackRequest';
import type { ServerPackResponse as _depot_catalog_v1_ServerPackResponse, ServerPackResponse__Output as _depot_catalog_v1_ServerPackResponse__Output } from '../../../depot/catalog/v1/ServerPackResponse';
import type { UpdateModRequest as _depot_catalog_v1_UpdateModRequest, UpdateModRequest__Output as _depot_catalog_v1_UpdateModRequest__Output } from '../../../depot/catalog/v1/UpdateModRequest';
import type { UpdateVersionRequest as _depot_catalog_v1_UpdateVersionRequest, UpdateVersionRequest__Output as _depot_catalog_v1_UpdateVersionRequest__Output } from '../../../depot/catalog/v1/UpdateVersionRequest';
import type { UploadArchiveChunk as _depot_catalog_v1_UploadArchiveChunk, UploadArchiveChunk__Output as _depot_catalog_v1_UploadArchiveChunk__Output } from '../../../depot/catalog/v1/UploadArchiveChunk';
import type { UploadArchiveResponse as _depot_catalog_v1_UploadArchiveResponse, UploadArchiveResponse__Output as _depot_catalog_v1_UploadArchiveResponse__Output } from '../../../depot/catalog/v1/UploadArchiveResponse';
import type { VersionsWithMods as _depot_catalog_v1_VersionsWithMods, VersionsWithMods__Output as _depot_catalog_v1_VersionsWithMods__Output } from '../../../depot/catalog/v1/VersionsWithMods';

export interface CatalogServiceClient extends grpc.Client {
  AdoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  AdoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  AdoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  AdoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  adoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  adoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  adoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  adoptVersionArchives(argument: _depot_catalog_v1_AdoptVersionArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_AdoptVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  
  CheckServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  CheckServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  CheckServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  CheckServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  checkServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  checkServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  checkServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  checkServerPacks(argument: _depot_catalog_v1_CheckServerPacksRequest, callback: grpc.requestCallback<_depot_catalog_v1_CheckServerPacksResponse__Output>): grpc.ClientUnaryCall;
  
  CheckVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  CheckVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  CheckVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  CheckVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  checkVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  checkVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  checkVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  checkVersionArchives(argument: _depot_catalog_v1_CheckVersionArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_CheckVersionArchivesResponse__Output>): grpc.ClientUnaryCall;
  
  CreateFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createFetchedVersion(argument: _depot_catalog_v1_CreateFetchedVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  
  CreateMod(argument: _depot_catalog_v1_CreateModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  CreateMod(argument: _depot_catalog_v1_CreateModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  CreateMod(argument: _depot_catalog_v1_CreateModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  CreateMod(argument: _depot_catalog_v1_CreateModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  createMod(argument: _depot_catalog_v1_CreateModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  createMod(argument: _depot_catalog_v1_CreateModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  createMod(argument: _depot_catalog_v1_CreateModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  createMod(argument: _depot_catalog_v1_CreateModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  
  CreateVersion(argument: _depot_catalog_v1_CreateVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateVersion(argument: _depot_catalog_v1_CreateVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateVersion(argument: _depot_catalog_v1_CreateVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  CreateVersion(argument: _depot_catalog_v1_CreateVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createVersion(argument: _depot_catalog_v1_CreateVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createVersion(argument: _depot_catalog_v1_CreateVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createVersion(argument: _depot_catalog_v1_CreateVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  createVersion(argument: _depot_catalog_v1_CreateVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  
  DeleteMod(argument: _depot_catalog_v1_DeleteModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  DeleteMod(argument: _depot_catalog_v1_DeleteModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  DeleteMod(argument: _depot_catalog_v1_DeleteModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  DeleteMod(argument: _depot_catalog_v1_DeleteModRequest, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  deleteMod(argument: _depot_catalog_v1_DeleteModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  deleteMod(argument: _depot_catalog_v1_DeleteModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  deleteMod(argument: _depot_catalog_v1_DeleteModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  deleteMod(argument: _depot_catalog_v1_DeleteModRequest, callback: grpc.requestCallback<_depot_catalog_v1_DeleteModResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  DeleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  DeleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  DeleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  deleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  deleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  deleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  deleteVersion(argument: _depot_catalog_v1_DeleteVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_DeleteVersionResponse__Output>): grpc.ClientUnaryCall;
  
  ExportPack(argument: _depot_catalog_v1_ExportPackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  ExportPack(argument: _depot_catalog_v1_ExportPackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  ExportPack(argument: _depot_catalog_v1_ExportPackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  ExportPack(argument: _depot_catalog_v1_ExportPackRequest, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  exportPack(argument: _depot_catalog_v1_ExportPackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  exportPack(argument: _depot_catalog_v1_ExportPackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  exportPack(argument: _depot_catalog_v1_ExportPackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  exportPack(argument: _depot_catalog_v1_ExportPackRequest, callback: grpc.requestCallback<_depot_catalog_v1_ExportPackResponse__Output>): grpc.ClientUnaryCall;
  
  ExtractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  ExtractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  ExtractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  ExtractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  extractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  extractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  extractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  extractArchiveJars(argument: _depot_catalog_v1_ExtractArchiveJarsRequest, callback: grpc.requestCallback<_depot_catalog_v1_ExtractArchiveJarsResponse__Output>): grpc.ClientUnaryCall;
  
  GetJar(argument: _depot_catalog_v1_GetJarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  GetJar(argument: _depot_catalog_v1_GetJarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  GetJar(argument: _depot_catalog_v1_GetJarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  GetJar(argument: _depot_catalog_v1_GetJarRequest, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  getJar(argument: _depot_catalog_v1_GetJarRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  getJar(argument: _depot_catalog_v1_GetJarRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  getJar(argument: _depot_catalog_v1_GetJarRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  getJar(argument: _depot_catalog_v1_GetJarRequest, callback: grpc.requestCallback<_depot_catalog_v1_Jar__Output>): grpc.ClientUnaryCall;
  
  GetMod(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  GetMod(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  GetMod(argument: _depot_catalog_v1_GetModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  GetMod(argument: _depot_catalog_v1_GetModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  getMod(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  getMod(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  getMod(argument: _depot_catalog_v1_GetModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  getMod(argument: _depot_catalog_v1_GetModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  
  GetModVersions(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  GetModVersions(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  GetModVersions(argument: _depot_catalog_v1_GetModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  GetModVersions(argument: _depot_catalog_v1_GetModRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  getModVersions(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  getModVersions(argument: _depot_catalog_v1_GetModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  getModVersions(argument: _depot_catalog_v1_GetModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  getModVersions(argument: _depot_catalog_v1_GetModRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModWithVersions__Output>): grpc.ClientUnaryCall;
  
  GetVersion(argument: _depot_catalog_v1_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _depot_catalog_v1_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _depot_catalog_v1_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  GetVersion(argument: _depot_catalog_v1_GetVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _depot_catalog_v1_GetVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _depot_catalog_v1_GetVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _depot_catalog_v1_GetVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  getVersion(argument: _depot_catalog_v1_GetVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  
  GetVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  GetVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  GetVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  GetVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  getVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  getVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  getVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  getVersionsByIds(argument: _depot_catalog_v1_GetVersionsByIdsRequest, callback: grpc.requestCallback<_depot_catalog_v1_VersionsWithMods__Output>): grpc.ClientUnaryCall;
  
  ListMods(argument: _depot_catalog_v1_ListModsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  ListMods(argument: _depot_catalog_v1_ListModsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  ListMods(argument: _depot_catalog_v1_ListModsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  ListMods(argument: _depot_catalog_v1_ListModsRequest, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  listMods(argument: _depot_catalog_v1_ListModsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  listMods(argument: _depot_catalog_v1_ListModsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  listMods(argument: _depot_catalog_v1_ListModsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  listMods(argument: _depot_catalog_v1_ListModsRequest, callback: grpc.requestCallback<_depot_catalog_v1_ListModsResponse__Output>): grpc.ClientUnaryCall;
  
  LookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  LookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  LookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  LookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  lookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  lookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  lookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  lookupArchives(argument: _depot_catalog_v1_LookupArchivesRequest, callback: grpc.requestCallback<_depot_catalog_v1_LookupArchivesResponse__Output>): grpc.ClientUnaryCall;
  
  PrepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  PrepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  PrepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  PrepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  prepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  prepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  prepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  prepareRelease(argument: _depot_catalog_v1_PrepareReleaseRequest, callback: grpc.requestCallback<_depot_catalog_v1_PrepareReleaseResponse__Output>): grpc.ClientUnaryCall;
  
  RehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  RehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  RehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  RehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  rehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  rehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  rehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  rehashVersion(argument: _depot_catalog_v1_RehashVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_RehashVersionResponse__Output>): grpc.ClientUnaryCall;
  
  RenderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  RenderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  RenderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  RenderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  renderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  renderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  renderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  renderBuildMods(argument: _depot_catalog_v1_RenderBuildModsRequest, callback: grpc.requestCallback<_depot_catalog_v1_RenderBuildModsResponse__Output>): grpc.ClientUnaryCall;
  
  ServerPack(argument: _depot_catalog_v1_ServerPackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  ServerPack(argument: _depot_catalog_v1_ServerPackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  ServerPack(argument: _depot_catalog_v1_ServerPackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  ServerPack(argument: _depot_catalog_v1_ServerPackRequest, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  serverPack(argument: _depot_catalog_v1_ServerPackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  serverPack(argument: _depot_catalog_v1_ServerPackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  serverPack(argument: _depot_catalog_v1_ServerPackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  serverPack(argument: _depot_catalog_v1_ServerPackRequest, callback: grpc.requestCallback<_depot_catalog_v1_ServerPackResponse__Output>): grpc.ClientUnaryCall;
  
  UpdateMod(argument: _depot_catalog_v1_UpdateModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  UpdateMod(argument: _depot_catalog_v1_UpdateModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  UpdateMod(argument: _depot_catalog_v1_UpdateModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  UpdateMod(argument: _depot_catalog_v1_UpdateModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  updateMod(argument: _depot_catalog_v1_UpdateModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  updateMod(argument: _depot_catalog_v1_UpdateModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  updateMod(argument: _depot_catalog_v1_UpdateModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  updateMod(argument: _depot_catalog_v1_UpdateModRequest, callback: grpc.requestCallback<_depot_catalog_v1_Mod__Output>): grpc.ClientUnaryCall;
  
  UpdateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  UpdateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  UpdateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  UpdateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  updateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  updateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  updateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  updateVersion(argument: _depot_catalog_v1_UpdateVersionRequest, callback: grpc.requestCallback<_depot_catalog_v1_ModVersion__Output>): grpc.ClientUnaryCall;
  
  UploadVersionArchive(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  UploadVersionArchive(metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  UploadVersionArchive(options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  UploadVersionArchive(callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  uploadVersionArchive(metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  uploadVersionArchive(metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  uploadVersionArchive(options: grpc.CallOptions, callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  uploadVersionArchive(callback: grpc.requestCallback<_depot_catalog_v1_UploadArchiveResponse__Output>): grpc.ClientWritableStream<_depot_catalog_v1_UploadArchiveChunk>;
  
}

export interface CatalogServiceHandlers extends grpc.UntypedServiceImplementation {
  AdoptVersionArchives: grpc.handleUnaryCall<_depot_catalog_v1_AdoptVersionArchivesRequest__Output, _depot_catalog_v1_AdoptVersionArchivesResponse>;
  
  CheckServerPacks: grpc.handleUnaryCall<_depot_catalog_v1_CheckServerPacksRequest__Output, _depot_catalog_v1_CheckServerPacksResponse>;
  
  CheckVersionArchives: grpc.handleUnaryCall<_depot_catalog_v1_CheckVersionArchivesRequest__Output, _depot_catalog_v1_CheckVersionArchivesResponse>;
  
  CreateFetchedVersion: grpc.handleUnaryCall<_depot_catalog_v1_CreateFetchedVersionRequest__Output, _depot_catalog_v1_ModVersion>;
  
  CreateMod: grpc.handleUnaryCall<_depot_catalog_v1_CreateModRequest__Output, _depot_catalog_v1_Mod>;
  
  CreateVersion: grpc.handleUnaryCall<_depot_catalog_v1_CreateVersionRequest__Output, _depot_catalog_v1_ModVersion>;
  
  DeleteMod: grpc.handleUnaryCall<_depot_catalog_v1_DeleteModRequest__Output, _depot_catalog_v1_DeleteModResponse>;
  
  DeleteVersion: grpc.handleUnaryCall<_depot_catalog_v1_DeleteVersionRequest__Output, _depot_catalog_v1_DeleteVersionResponse>;
  
  ExportPack: grpc.handleUnaryCall<_depot_catalog_v1_ExportPackRequest__Output, _depot_catalog_v1_ExportPackResponse>;
  
  ExtractArchiveJars: grpc.handleUnaryCall<_depot_catalog_v1_ExtractArchiveJarsRequest__Output, _depot_catalog_v1_ExtractArchiveJarsResponse>;
  
  GetJar: grpc.handleUnaryCall<_depot_catalog_v1_GetJarRequest__Output, _depot_catalog_v1_Jar>;
  
  GetMod: grpc.handleUnaryCall<_depot_catalog_v1_GetModRequest__Output, _depot_catalog_v1_Mod>;
  
  GetModVersions: grpc.handleUnaryCall<_depot_catalog_v1_GetModRequest__Output, _depot_catalog_v1_ModWithVersions>;
  
  GetVersion: grpc.handleUnaryCall<_depot_catalog_v1_GetVersionRequest__Output, _depot_catalog_v1_ModVersion>;
  
  GetVersionsByIds: grpc.handleUnaryCall<_depot_catalog_v1_GetVersionsByIdsRequest__Output, _depot_catalog_v1_VersionsWithMods>;
  
  ListMods: grpc.handleUnaryCall<_depot_catalog_v1_ListModsRequest__Output, _depot_catalog_v1_ListModsResponse>;
  
  LookupArchives: grpc.handleUnaryCall<_depot_catalog_v1_LookupArchivesRequest__Output, _depot_catalog_v1_LookupArchivesResponse>;
  
  PrepareRelease: grpc.handleUnaryCall<_depot_catalog_v1_PrepareReleaseRequest__Output, _depot_catalog_v1_PrepareReleaseResponse>;
  
  RehashVersion: grpc.handleUnaryCall<_depot_catalog_v1_RehashVersionRequest__Output, _depot_catalog_v1_RehashVersionResponse>;
  
  RenderBuildMods: grpc.handleUnaryCall<_depot_catalog_v1_RenderBuildModsRequest__Output, _depot_catalog_v1_RenderBuildModsResponse>;
  
  ServerPack: grpc.handleUnaryCall<_depot_catalog_v1_ServerPackRequest__Output, _depot_catalog_v1_ServerPackResponse>;
  
  UpdateMod: grpc.handleUnaryCall<_depot_catalog_v1_UpdateModRequest__Output, _depot_catalog_v1_Mod>;
  
  UpdateVersion: grpc.handleUnaryCall<_depot_catalog_v1_UpdateVersionRequest__Output, _depot_catalog_v1_ModVersion>;
  
  UploadVersionArchive: grpc.handleClientStreamingCall<_depot_catalog_v1_UploadArchiveChunk__Output, _depot_catalog_v1_UploadArchiveResponse>;
  
}

export interface CatalogServiceDefinition extends grpc.ServiceDefinition {
  AdoptVersionArchives: MethodDefinition<_depot_catalog_v1_AdoptVersionArchivesRequest, _depot_catalog_v1_AdoptVersionArchivesResponse, _depot_catalog_v1_AdoptVersionArchivesRequest__Output, _depot_catalog_v1_AdoptVersionArchivesResponse__Output>
  CheckServerPacks: MethodDefinition<_depot_catalog_v1_CheckServerPacksRequest, _depot_catalog_v1_CheckServerPacksResponse, _depot_catalog_v1_CheckServerPacksRequest__Output, _depot_catalog_v1_CheckServerPacksResponse__Output>
  CheckVersionArchives: MethodDefinition<_depot_catalog_v1_CheckVersionArchivesRequest, _depot_catalog_v1_CheckVersionArchivesResponse, _depot_catalog_v1_CheckVersionArchivesRequest__Output, _depot_catalog_v1_CheckVersionArchivesResponse__Output>
  CreateFetchedVersion: MethodDefinition<_depot_catalog_v1_CreateFetchedVersionRequest, _depot_catalog_v1_ModVersion, _depot_catalog_v1_CreateFetchedVersionRequest__Output, _depot_catalog_v1_ModVersion__Output>
  CreateMod: MethodDefinition<_depot_catalog_v1_CreateModRequest, _depot_catalog_v1_Mod, _depot_catalog_v1_CreateModRequest__Output, _depot_catalog_v1_Mod__Output>
  CreateVersion: MethodDefinition<_depot_catalog_v1_CreateVersionRequest, _depot_catalog_v1_ModVersion, _depot_catalog_v1_CreateVersionRequest__Output, _depot_catalog_v1_ModVersion__Output>
  DeleteMod: MethodDefinition<_depot_catalog_v1_DeleteModRequest, _depot_catalog_v1_DeleteModResponse, _depot_catalog_v1_DeleteModRequest__Output, _depot_catalog_v1_DeleteModResponse__Output>
  DeleteVersion: MethodDefinition<_depot_catalog_v1_DeleteVersionRequest, _depot_catalog_v1_DeleteVersionResponse, _depot_catalog_v1_DeleteVersionRequest__Output, _depot_catalog_v1_DeleteVersionResponse__Output>
  ExportPack: MethodDefinition<_depot_catalog_v1_ExportPackRequest, _depot_catalog_v1_ExportPackResponse, _depot_catalog_v1_ExportPackRequest__Output, _depot_catalog_v1_ExportPackResponse__Output>
  ExtractArchiveJars: MethodDefinition<_depot_catalog_v1_ExtractArchiveJarsRequest, _depot_catalog_v1_ExtractArchiveJarsResponse, _depot_catalog_v1_ExtractArchiveJarsRequest__Output, _depot_catalog_v1_ExtractArchiveJarsResponse__Output>
  GetJar: MethodDefinition<_depot_catalog_v1_GetJarRequest, _depot_catalog_v1_Jar, _depot_catalog_v1_GetJarRequest__Output, _depot_catalog_v1_Jar__Output>
  GetMod: MethodDefinition<_depot_catalog_v1_GetModRequest, _depot_catalog_v1_Mod, _depot_catalog_v1_GetModRequest__Output, _depot_catalog_v1_Mod__Output>
  GetModVersions: MethodDefinition<_depot_catalog_v1_GetModRequest, _depot_catalog_v1_ModWithVersions, _depot_catalog_v1_GetModRequest__Output, _depot_catalog_v1_ModWithVersions__Output>
  GetVersion: MethodDefinition<_depot_catalog_v1_GetVersionRequest, _depot_catalog_v1_ModVersion, _depot_catalog_v1_GetVersionRequest__Output, _depot_catalog_v1_ModVersion__Output>
  GetVersionsByIds: MethodDefinition<_depot_catalog_v1_GetVersionsByIdsRequest, _depot_catalog_v1_VersionsWithMods, _depot_catalog_v1_GetVersionsByIdsRequest__Output, _depot_catalog_v1_VersionsWithMods__Output>
  ListMods: MethodDefinition<_depot_catalog_v1_ListModsRequest, _depot_catalog_v1_ListModsResponse, _depot_catalog_v1_ListModsRequest__Output, _depot_catalog_v1_ListModsResponse__Output>
  LookupArchives: MethodDefinition<_depot_catalog_v1_LookupArchivesRequest, _depot_catalog_v1_LookupArchivesResponse, _depot_catalog_v1_LookupArchivesRequest__Output, _depot_catalog_v1_LookupArchivesResponse__Output>
  PrepareRelease: MethodDefinition<_depot_catalog_v1_PrepareReleaseRequest, _depot_catalog_v1_PrepareReleaseResponse, _depot_catalog_v1_PrepareReleaseRequest__Output, _depot_catalog_v1_PrepareReleaseResponse__Output>
  RehashVersion: MethodDefinition<_depot_catalog_v1_RehashVersionRequest, _depot_catalog_v1_RehashVersionResponse, _depot_catalog_v1_RehashVersionRequest__Output, _depot_catalog_v1_RehashVersionResponse__Output>
  RenderBuildMods: MethodDefinition<_depot_catalog_v1_RenderBuildModsRequest, _depot_catalog_v1_RenderBuildModsResponse, _depot_catalog_v1_RenderBuildModsRequest__Output, _depot_catalog_v1_RenderBuildModsResponse__Output>
  ServerPack: MethodDefinition<_depot_catalog_v1_ServerPackRequest, _depot_catalog_v1_ServerPackResponse, _depot_catalog_v1_ServerPackRequest__Output, _depot_catalog_v1_ServerPackResponse__Output>
  UpdateMod: MethodDefinition<_depot_catalog_v1_UpdateModRequest, _depot_catalog_v1_Mod, _depot_catalog_v1_UpdateModRequest__Output, _depot_catalog_v1_Mod__Output>
  UpdateVersion: MethodDefinition<_depot_catalog_v1_UpdateVersionRequest, _depot_catalog_v1_ModVersion, _depot_catalog_v1_UpdateVersionRequest__Output, _depot_catalog_v1_ModVersion__Output>
  UploadVersionArchive: MethodDefinition<_depot_catalog_v1_UploadArchiveChunk, _depot_catalog_v1_UploadArchiveResponse, _depot_catalog_v1_UploadArchiveChunk__Output, _depot_catalog_v1_UploadArchiveResponse__Output>
}
