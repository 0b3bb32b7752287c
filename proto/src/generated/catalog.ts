import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { AdoptVersionArchivesRequest as _depot_catalog_v1_AdoptVersionArchivesRequest, AdoptVersionArchivesRequest__Output as _depot_catalog_v1_AdoptVersionArchivesRequest__Output } from './depot/catalog/v1/AdoptVersionArchivesRequest';
import type { AdoptVersionArchivesResponse as _depot_catalog_v1_AdoptVersionArchivesResponse, AdoptVersionArchivesResponse__Output as _depot_catalog_v1_AdoptVersionArchivesResponse__Output } from './depot/catalog/v1/AdoptVersionArchivesResponse';
import type { AdoptedArchive as _depot_catalog_v1_AdoptedArchive, AdoptedArchive__Output as _depot_catalog_v1_AdoptedArchive__Output } from './depot/catalog/v1/AdoptedArchive';
import type { ArchiveBuild as _depot_catalog_v1_ArchiveBuild, ArchiveBuild__Output as _depot_catalog_v1_ArchiveBuild__Output } from './depot/catalog/v1/ArchiveBuild';
import type { ArchiveCheck as _depot_catalog_v1_ArchiveCheck, ArchiveCheck__Output as _depot_catalog_v1_ArchiveCheck__Output } from './depot/catalog/v1/ArchiveCheck';
import type { ArchiveFacts as _depot_catalog_v1_ArchiveFacts, ArchiveFacts__Output as _depot_catalog_v1_ArchiveFacts__Output } from './depot/catalog/v1/ArchiveFacts';
import type { ArchiveLookup as _depot_catalog_v1_ArchiveLookup, ArchiveLookup__Output as _depot_catalog_v1_ArchiveLookup__Output } from './depot/catalog/v1/ArchiveLookup';
import type { CatalogServiceClient as _depot_catalog_v1_CatalogServiceClient, CatalogServiceDefinition as _depot_catalog_v1_CatalogServiceDefinition } from './depot/catalog/v1/CatalogService';
import type { CheckServerPacksRequest as _depot_catalog_v1_CheckServerPacksRequest, CheckServerPacksRequest__Output as _depot_catalog_v1_CheckServerPacksRequest__Output } from './depot/catalog/v1/CheckServerPacksRequest';
import type { CheckServerPacksResponse as _depot_catalog_v1_CheckServerPacksResponse, CheckServerPacksResponse__Output as _depot_catalog_v1_CheckServerPacksResponse__Output } from './depot/catalog/v1/CheckServerPacksResponse';
import type { CheckVersionArchivesRequest as _depot_catalog_v1_CheckVersionArchivesRequest, CheckVersionArchivesRequest__Output as _depot_catalog_v1_CheckVersionArchivesRequest__Output } from './depot/catalog/v1/CheckVersionArchivesRequest';
import type { CheckVersionArchivesResponse as _depot_catalog_v1_CheckVersionArchivesResponse, CheckVersionArchivesResponse__Output as _depot_catalog_v1_CheckVersionArchivesResponse__Output } from './depot/catalog/v1/CheckVersionArchivesResponse';
import type { CreateFetchedVersionRequest as _depot_catalog_v1_CreateFetchedVersionRequest, CreateFetchedVersionRequest__Output as _depot_catalog_v1_CreateFetchedVersionRequest__Output } from './depot/catalog/v1/CreateFetchedVersionRequest';
import type { CreateModRequest as _depot_catalog_v1_CreateModRequest, CreateModRequest__Output as _depot_catalog_v1_CreateModRequest__Output } from './depot/catalog/v1/CreateModRequest';
import type { CreateVersionRequest as _depot_catalog_v1_CreateVersionRequest, CreateVersionRequest__Output as _depot_catalog_v1_CreateVersionRequest__Output } from './depot/catalog/v1/CreateVersionRequest';
import type { DeleteModRequest as _depot_catalog_v1_DeleteModRequest, DeleteModRequest__Output as _depot_catalog_v1_DeleteModRequest__Output } from './depot/catalog/v1/DeleteModRequest';
import type { DeleteModResponse as _depot_catalog_v1_DeleteModResponse, DeleteModResponse__Output as _depot_catalog_v1_DeleteModResponse__Output } from './depot/catalog/v1/DeleteModResponse';
import type { DeleteVersionRequest as _depot_catalog_v1_DeleteVersionRequest, DeleteVersionRequest__Output as _depot_catalog_v1_DeleteVersionRequest__Output } from './depot/catalog/v1/DeleteVersionRequest';
import type { DeleteVersionResponse as _depot_catalog_v1_DeleteVersionResponse, DeleteVersionResponse__Output as _depot_catalog_v1_DeleteVersionResponse__Output } from './depot/catalog/v1/DeleteVersionResponse';
import type { ExportFile as _depot_catalog_v1_ExportFile, ExportFile__Output as _depot_catalog_v1_ExportFile__Output } from './depot/catalog/v1/ExportFile';
import type { ExportLeftOut as _depot_catalog_v1_ExportLeftOut, ExportLeftOut__Output as _depot_catalog_v1_ExportLeftOut__Output } from './depot/catalog/v1/ExportLeftOut';
import type { ExportPackRequest as _depot_catalog_v1_ExportPackRequest, ExportPackRequest__Output as _depot_catalog_v1_ExportPackRequest__Output } from './depot/catalog/v1/ExportPackRequest';
import type { ExportPackResponse as _depot_catalog_v1_ExportPackResponse, ExportPackResponse__Output as _depot_catalog_v1_ExportPackResponse__Output } from './depot/catalog/v1/ExportPackResponse';
import type { ExtractArchiveJarsRequest as _depot_catalog_v1_ExtractArchiveJarsRequest, ExtractArchiveJarsRequest__Output as _depot_catalog_v1_ExtractArchiveJarsRequest__Output } from './depot/catalog/v1/ExtractArchiveJarsRequest';
import type { ExtractArchiveJarsResponse as _depot_catalog_v1_ExtractArchiveJarsResponse, ExtractArchiveJarsResponse__Output as _depot_catalog_v1_ExtractArchiveJarsResponse__Output } from './depot/catalog/v1/ExtractArchiveJarsResponse';
import type { ExtractedArchive as _depot_catalog_v1_ExtractedArchive, ExtractedArchive__Output as _depot_catalog_v1_ExtractedArchive__Output } from './depot/catalog/v1/ExtractedArchive';
import type { GetJarRequest as _depot_catalog_v1_GetJarRequest, GetJarRequest__Output as _depot_catalog_v1_GetJarRequest__Output } from './depot/catalog/v1/GetJarRequest';
import type { GetModRequest as _depot_catalog_v1_GetModRequest, GetModRequest__Output as _depot_catalog_v1_GetModRequest__Output } from './depot/catalog/v1/GetModRequest';
import type { GetVersionRequest as _depot_catalog_v1_GetVersionRequest, GetVersionRequest__Output as _depot_catalog_v1_GetVersionRequest__Output } from './depot/catalog/v1/GetVersionRequest';
import type { GetVersionsByIdsRequest as _depot_catalog_v1_GetVersionsByIdsRequest, GetVersionsByIdsRequest__Output as _depot_catalog_v1_GetVersionsByIdsRequest__Output } from './depot/catalog/v1/GetVersionsByIdsRequest';
import type { HeldFile as _depot_catalog_v1_HeldFile, HeldFile__Output as _depot_catalog_v1_HeldFile__Output } from './depot/catalog/v1/HeldFile';
import type { Jar as _depot_catalog_v1_Jar, Jar__Output as _depot_catalog_v1_Jar__Output } from './depot/catalog/v1/Jar';
import type { ListModsRequest as _depot_catalog_v1_ListModsRequest, ListModsRequest__Output as _depot_catalog_v1_ListModsRequest__Output } from './depot/catalog/v1/ListModsRequest';
import type { ListModsResponse as _depot_catalog_v1_ListModsResponse, ListModsResponse__Output as _depot_catalog_v1_ListModsResponse__Output } from './depot/catalog/v1/ListModsResponse';
import type { LookupArchivesRequest as _depot_catalog_v1_LookupArchivesRequest, LookupArchivesRequest__Output as _depot_catalog_v1_LookupArchivesRequest__Output } from './depot/catalog/v1/LookupArchivesRequest';
import type { LookupArchivesResponse as _depot_catalog_v1_LookupArchivesResponse, LookupArchivesResponse__Output as _depot_catalog_v1_LookupArchivesResponse__Output } from './depot/catalog/v1/LookupArchivesResponse';
import type { Mod as _depot_catalog_v1_Mod, Mod__Output as _depot_catalog_v1_Mod__Output } from './depot/catalog/v1/Mod';
import type { ModFacts as _depot_catalog_v1_ModFacts, ModFacts__Output as _depot_catalog_v1_ModFacts__Output } from './depot/catalog/v1/ModFacts';
import type { ModLoaderRange as _depot_catalog_v1_ModLoaderRange, ModLoaderRange__Output as _depot_catalog_v1_ModLoaderRange__Output } from './depot/catalog/v1/ModLoaderRange';
import type { ModSummary as _depot_catalog_v1_ModSummary, ModSummary__Output as _depot_catalog_v1_ModSummary__Output } from './depot/catalog/v1/ModSummary';
import type { ModVersion as _depot_catalog_v1_ModVersion, ModVersion__Output as _depot_catalog_v1_ModVersion__Output } from './depot/catalog/v1/ModVersion';
import type { ModWithVersions as _depot_catalog_v1_ModWithVersions, ModWithVersions__Output as _depot_catalog_v1_ModWithVersions__Output } from './depot/catalog/v1/ModWithVersions';
import type { NewMod as _depot_catalog_v1_NewMod, NewMod__Output as _depot_catalog_v1_NewMod__Output } from './depot/catalog/v1/NewMod';
import type { PrepareReleaseRequest as _depot_catalog_v1_PrepareReleaseRequest, PrepareReleaseRequest__Output as _depot_catalog_v1_PrepareReleaseRequest__Output } from './depot/catalog/v1/PrepareReleaseRequest';
import type { PrepareReleaseResponse as _depot_catalog_v1_PrepareReleaseResponse, PrepareReleaseResponse__Output as _depot_catalog_v1_PrepareReleaseResponse__Output } from './depot/catalog/v1/PrepareReleaseResponse';
import type { RehashVersionRequest as _depot_catalog_v1_RehashVersionRequest, RehashVersionRequest__Output as _depot_catalog_v1_RehashVersionRequest__Output } from './depot/catalog/v1/RehashVersionRequest';
import type { RehashVersionResponse as _depot_catalog_v1_RehashVersionResponse, RehashVersionResponse__Output as _depot_catalog_v1_RehashVersionResponse__Output } from './depot/catalog/v1/RehashVersionResponse';
import type { ReleaseEntry as _depot_catalog_v1_ReleaseEntry, ReleaseEntry__Output as _depot_catalog_v1_ReleaseEntry__Output } from './depot/catalog/v1/ReleaseEntry';
import type { ReleaseMod as _depot_catalog_v1_ReleaseMod, ReleaseMod__Output as _depot_catalog_v1_ReleaseMod__Output } from './depot/catalog/v1/ReleaseMod';
import type { ReleaseVersion as _depot_catalog_v1_ReleaseVersion, ReleaseVersion__Output as _depot_catalog_v1_ReleaseVersion__Output } from './depot/catalog/v1/ReleaseVersion';
import type { RenderBuildModsRequest as _depot_catalog_v1_RenderBuildModsRequest, RenderBuildModsRequest__Output as _depot_catalog_v1_RenderBuildModsRequest__Output } from './depot/catalog/v1/RenderBuildModsRequest';
import type { RenderBuildModsResponse as _depot_catalog_v1_RenderBuildModsResponse, RenderBuildModsResponse__Output as _depot_catalog_v1_RenderBuildModsResponse__Output } from './depot/catalog/v1/RenderBuildModsResponse';
import type { ServerPackCheck as _depot_catalog_v1_ServerPackCheck, ServerPackCheck__Output as _depot_catalog_v1_ServerPackCheck__Output } from './depot/catalog/v1/ServerPackCheck';
import type { ServerPackRequest as _depot_catalog_v1_ServerPackRequest, ServerPackRequest__Output as _depot_catalog_v1_ServerPackRequest__Output } from './depot/catalog/v1/ServerPackRequest';
import type { ServerPackResponse as _depot_catalog_v1_ServerPackResponse, ServerPackResponse__Output as _depot_catalog_v1_ServerPackResponse__Output } from './depot/catalog/v1/ServerPackResponse';
import type { UpdateModRequest as _depot_catalog_v1_UpdateModRequest, UpdateModRequest__Output as _depot_catalog_v1_UpdateModRequest__Output } from './depot/catalog/v1/UpdateModRequest';
import type { UpdateVersionRequest as _depot_catalog_v1_UpdateVersionRequest, UpdateVersionRequest__Output as _depot_catalog_v1_UpdateVersionRequest__Output } from './depot/catalog/v1/UpdateVersionRequest';
import type { UploadArchiveChunk as _depot_catalog_v1_UploadArchiveChunk, UploadArchiveChunk__Output as _depot_catalog_v1_UploadArchiveChunk__Output } from './depot/catalog/v1/UploadArchiveChunk';
import type { UploadArchiveHeader as _depot_catalog_v1_UploadArchiveHeader, UploadArchiveHeader__Output as _depot_catalog_v1_UploadArchiveHeader__Output } from './depot/catalog/v1/UploadArchiveHeader';
import type { UploadArchiveResponse as _depot_catalog_v1_UploadArchiveResponse, UploadArchiveResponse__Output as _depot_catalog_v1_UploadArchiveResponse__Output } from './depot/catalog/v1/UploadArchiveResponse';
import type { VersionRef as _depot_catalog_v1_VersionRef, VersionRef__Output as _depot_catalog_v1_VersionRef__Output } from './depot/catalog/v1/VersionRef';
import type { VersionSide as _depot_catalog_v1_VersionSide, VersionSide__Output as _depot_catalog_v1_VersionSide__Output } from './depot/catalog/v1/VersionSide';
import type { VersionWithMod as _depot_catalog_v1_VersionWithMod, VersionWithMod__Output as _depot_catalog_v1_VersionWithMod__Output } from './depot/catalog/v1/VersionWithMod';
import type { VersionsWithMods as _depot_catalog_v1_VersionsWithMods, VersionsWithMods__Output as _depot_catalog_v1_VersionsWithMods__Output } from './depot/catalog/v1/VersionsWithMods';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  depot: {
    catalog: {
      v1: {
        AdoptVersionArchivesRequest: MessageTypeDefinition<_depot_catalog_v1_AdoptVersionArchivesRequest, _depot_catalog_v1_AdoptVersionArchivesRequest__Output>
        AdoptVersionArchivesResponse: MessageTypeDefinition<_depot_catalog_v1_AdoptVersionArchivesResponse, _depot_catalog_v1_AdoptVersionArchivesResponse__Output>
        AdoptedArchive: MessageTypeDefinition<_depot_catalog_v1_AdoptedArchive, _depot_catalog_v1_AdoptedArchive__Output>
        ArchiveBuild: MessageTypeDefinition<_depot_catalog_v1_ArchiveBuild, _depot_catalog_v1_ArchiveBuild__Output>
        ArchiveCheck: MessageTypeDefinition<_depot_catalog_v1_ArchiveCheck, _depot_catalog_v1_ArchiveCheck__Output>
        ArchiveFacts: MessageTypeDefinition<_depot_catalog_v1_ArchiveFacts, _depot_catalog_v1_ArchiveFacts__Output>
        ArchiveLookup: MessageTypeDefinition<_depot_catalog_v1_ArchiveLookup, _depot_catalog_v1_ArchiveLookup__Output>
        CatalogService: SubtypeConstructor<typeof grpc.Client, _depot_catalog_v1_CatalogServiceClient> & { service: _depot_catalog_v1_CatalogServiceDefinition }
        CheckServerPacksRequest: MessageTypeDefinition<_depot_catalog_v1_CheckServerPacksRequest, _depot_catalog_v1_CheckServerPacksRequest__Output>
        CheckServerPacksResponse: MessageTypeDefinition<_depot_catalog_v1_CheckServerPacksResponse, _depot_catalog_v1_CheckServerPacksResponse__Output>
        CheckVersionArchivesRequest: MessageTypeDefinition<_depot_catalog_v1_CheckVersionArchivesRequest, _depot_catalog_v1_CheckVersionArchivesRequest__Output>
        CheckVersionArchivesResponse: MessageTypeDefinition<_depot_catalog_v1_CheckVersionArchivesResponse, _depot_catalog_v1_CheckVersionArchivesResponse__Output>
        CreateFetchedVersionRequest: MessageTypeDefinition<_depot_catalog_v1_CreateFetchedVersionRequest, _depot_catalog_v1_CreateFetchedVersionRequest__Output>
        CreateModRequest: MessageTypeDefinition<_depot_catalog_v1_CreateModRequest, _depot_catalog_v1_CreateModRequest__Output>
        CreateVersionRequest: MessageTypeDefinition<_depot_catalog_v1_CreateVersionRequest, _depot_catalog_v1_CreateVersionRequest__Output>
        DeleteModRequest: MessageTypeDefinition<_depot_catalog_v1_DeleteModRequest, _depot_catalog_v1_DeleteModRequest__Output>
        DeleteModResponse: MessageTypeDefinition<_depot_catalog_v1_DeleteModResponse, _depot_catalog_v1_DeleteModResponse__Output>
        DeleteVersionRequest: MessageTypeDefinition<_depot_catalog_v1_DeleteVersionRequest, _depot_catalog_v1_DeleteVersionRequest__Output>
        DeleteVersionResponse: MessageTypeDefinition<_depot_catalog_v1_DeleteVersionResponse, _depot_catalog_v1_DeleteVersionResponse__Output>
        ExportFile: MessageTypeDefinition<_depot_catalog_v1_ExportFile, _depot_catalog_v1_ExportFile__Output>
        ExportLeftOut: MessageTypeDefinition<_depot_catalog_v1_ExportLeftOut, _depot_catalog_v1_ExportLeftOut__Output>
        ExportPackRequest: MessageTypeDefinition<_depot_catalog_v1_ExportPackRequest, _depot_catalog_v1_ExportPackRequest__Output>
        ExportPackResponse: MessageTypeDefinition<_depot_catalog_v1_ExportPackResponse, _depot_catalog_v1_ExportPackResponse__Output>
        ExtractArchiveJarsRequest: MessageTypeDefinition<_depot_catalog_v1_ExtractArchiveJarsRequest, _depot_catalog_v1_ExtractArchiveJarsRequest__Output>
        ExtractArchiveJarsResponse: MessageTypeDefinition<_depot_catalog_v1_ExtractArchiveJarsResponse, _depot_catalog_v1_ExtractArchiveJarsResponse__Output>
        ExtractedArchive: MessageTypeDefinition<_depot_catalog_v1_ExtractedArchive, _depot_catalog_v1_ExtractedArchive__Output>
        GetJarRequest: MessageTypeDefinition<_depot_catalog_v1_GetJarRequest, _depot_catalog_v1_GetJarRequest__Output>
        GetModRequest: MessageTypeDefinition<_depot_catalog_v1_GetModRequest, _depot_catalog_v1_GetModRequest__Output>
        GetVersionRequest: MessageTypeDefinition<_depot_catalog_v1_GetVersionRequest, _depot_catalog_v1_GetVersionRequest__Output>
        GetVersionsByIdsRequest: MessageTypeDefinition<_depot_catalog_v1_GetVersionsByIdsRequest, _depot_catalog_v1_GetVersionsByIdsRequest__Output>
        HeldFile: MessageTypeDefinition<_depot_catalog_v1_HeldFile, _depot_catalog_v1_HeldFile__Output>
        Jar: MessageTypeDefinition<_depot_catalog_v1_Jar, _depot_catalog_v1_Jar__Output>
        ListModsRequest: MessageTypeDefinition<_depot_catalog_v1_ListModsRequest, _depot_catalog_v1_ListModsRequest__Output>
        ListModsResponse: MessageTypeDefinition<_depot_catalog_v1_ListModsResponse, _depot_catalog_v1_ListModsResponse__Output>
        LookupArchivesRequest: MessageTypeDefinition<_depot_catalog_v1_LookupArchivesRequest, _depot_catalog_v1_LookupArchivesRequest__Output>
        LookupArchivesResponse: MessageTypeDefinition<_depot_catalog_v1_LookupArchivesResponse, _depot_catalog_v1_LookupArchivesResponse__Output>
        Mod: MessageTypeDefinition<_depot_catalog_v1_Mod, _depot_catalog_v1_Mod__Output>
        ModFacts: MessageTypeDefinition<_depot_catalog_v1_ModFacts, _depot_catalog_v1_ModFacts__Output>
        ModLoaderRange: MessageTypeDefinition<_depot_catalog_v1_ModLoaderRange, _depot_catalog_v1_ModLoaderRange__Output>
        ModSummary: MessageTypeDefinition<_depot_catalog_v1_ModSummary, _depot_catalog_v1_ModSummary__Output>
        ModVersion: MessageTypeDefinition<_depot_catalog_v1_ModVersion, _depot_catalog_v1_ModVersion__Output>
        ModWithVersions: MessageTypeDefinition<_depot_catalog_v1_ModWithVersions, _depot_catalog_v1_ModWithVersions__Output>
        NewMod: MessageTypeDefinition<_depot_catalog_v1_NewMod, _depot_catalog_v1_NewMod__Output>
        PrepareReleaseRequest: MessageTypeDefinition<_depot_catalog_v1_PrepareReleaseRequest, _depot_catalog_v1_PrepareReleaseRequest__Output>
        PrepareReleaseResponse: MessageTypeDefinition<_depot_catalog_v1_PrepareReleaseResponse, _depot_catalog_v1_PrepareReleaseResponse__Output>
        RehashVersionRequest: MessageTypeDefinition<_depot_catalog_v1_RehashVersionRequest, _depot_catalog_v1_RehashVersionRequest__Output>
        RehashVersionResponse: MessageTypeDefinition<_depot_catalog_v1_RehashVersionResponse, _depot_catalog_v1_RehashVersionResponse__Output>
        ReleaseEntry: MessageTypeDefinition<_depot_catalog_v1_ReleaseEntry, _depot_catalog_v1_ReleaseEntry__Output>
        ReleaseMod: MessageTypeDefinition<_depot_catalog_v1_ReleaseMod, _depot_catalog_v1_ReleaseMod__Output>
        ReleaseVersion: MessageTypeDefinition<_depot_catalog_v1_ReleaseVersion, _depot_catalog_v1_ReleaseVersion__Output>
        RenderBuildModsRequest: MessageTypeDefinition<_depot_catalog_v1_RenderBuildModsRequest, _depot_catalog_v1_RenderBuildModsRequest__Output>
        RenderBuildModsResponse: MessageTypeDefinition<_depot_catalog_v1_RenderBuildModsResponse, _depot_catalog_v1_RenderBuildModsResponse__Output>
        ServerPackCheck: MessageTypeDefinition<_depot_catalog_v1_ServerPackCheck, _depot_catalog_v1_ServerPackCheck__Output>
        ServerPackRequest: MessageTypeDefinition<_depot_catalog_v1_ServerPackRequest, _depot_catalog_v1_ServerPackRequest__Output>
        ServerPackResponse: MessageTypeDefinition<_depot_catalog_v1_ServerPackResponse, _depot_catalog_v1_ServerPackResponse__Output>
        UpdateModRequest: MessageTypeDefinition<_depot_catalog_v1_UpdateModRequest, _depot_catalog_v1_UpdateModRequest__Output>
        UpdateVersionRequest: MessageTypeDefinition<_depot_catalog_v1_UpdateVersionRequest, _depot_catalog_v1_UpdateVersionRequest__Output>
        UploadArchiveChunk: MessageTypeDefinition<_depot_catalog_v1_UploadArchiveChunk, _depot_catalog_v1_UploadArchiveChunk__Output>
        UploadArchiveHeader: MessageTypeDefinition<_depot_catalog_v1_UploadArchiveHeader, _depot_catalog_v1_UploadArchiveHeader__Output>
        UploadArchiveResponse: MessageTypeDefinition<_depot_catalog_v1_UploadArchiveResponse, _depot_catalog_v1_UploadArchiveResponse__Output>
        VersionRef: MessageTypeDefinition<_depot_catalog_v1_VersionRef, _depot_catalog_v1_VersionRef__Output>
        VersionSide: MessageTypeDefinition<_depot_catalog_v1_VersionSide, _depot_catalog_v1_VersionSide__Output>
        VersionWithMod: MessageTypeDefinition<_depot_catalog_v1_VersionWithMod, _depot_catalog_v1_VersionWithMod__Output>
        VersionsWithMods: MessageTypeDefinition<_depot_catalog_v1_VersionsWithMods, _depot_catalog_v1_VersionsWithMods__Output>
      }
    }
  }
}

