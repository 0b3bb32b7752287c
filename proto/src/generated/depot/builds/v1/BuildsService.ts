// Original file: depot/builds/v1/builds.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { AddBuildModRequest as _depot_builds_v1_AddBuildModRequest, AddBuildModRequest__Output as _depot_builds_v1_AddBuildModRequest__Output } from '../../../depot/builds/v1/AddBuildModRequest';
import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from '../../../depot/builds/v1/Build';
import type { BuildChangesResponse as _depot_builds_v1_BuildChangesResponse, BuildChangesResponse__Output as _depot_builds_v1_BuildChangesResponse__Output } from '../../../depot/builds/v1/BuildChangesResponse';
import type { BuildSource as _depot_builds_v1_BuildSource, BuildSource__Output as _depot_builds_v1_BuildSource__Output } from '../../../depot/builds/v1/BuildSource';
import type { CheckTargetRequest as _depot_builds_v1_CheckTargetRequest, CheckTargetRequest__Output as _depot_builds_v1_CheckTargetRequest__Output } from '../../../depot/builds/v1/CheckTargetRequest';
import type { CheckTargetResponse as _depot_builds_v1_CheckTargetResponse, CheckTargetResponse__Output as _depot_builds_v1_CheckTargetResponse__Output } from '../../../depot/builds/v1/CheckTargetResponse';
import type { CloneModpackRequest as _depot_builds_v1_CloneModpackRequest, CloneModpackRequest__Output as _depot_builds_v1_CloneModpackRequest__Output } from '../../../depot/builds/v1/CloneModpackRequest';
import type { CountBuildsUsingVersionRequest as _depot_builds_v1_CountBuildsUsingVersionRequest, CountBuildsUsingVersionRequest__Output as _depot_builds_v1_CountBuildsUsingVersionRequest__Output } from '../../../depot/builds/v1/CountBuildsUsingVersionRequest';
import type { CountBuildsUsingVersionResponse as _depot_builds_v1_CountBuildsUsingVersionResponse, CountBuildsUsingVersionResponse__Output as _depot_builds_v1_CountBuildsUsingVersionResponse__Output } from '../../../depot/builds/v1/CountBuildsUsingVersionResponse';
import type { CreateBuildRequest as _depot_builds_v1_CreateBuildRequest, CreateBuildRequest__Output as _depot_builds_v1_CreateBuildRequest__Output } from '../../../depot/builds/v1/CreateBuildRequest';
import type { CreateModpackRequest as _depot_builds_v1_CreateModpackRequest, CreateModpackRequest__Output as _depot_builds_v1_CreateModpackRequest__Output } from '../../../depot/builds/v1/CreateModpackRequest';
import type { DeleteBuildRequest as _depot_builds_v1_DeleteBuildRequest, DeleteBuildRequest__Output as _depot_builds_v1_DeleteBuildRequest__Output } from '../../../depot/builds/v1/DeleteBuildRequest';
import type { DeleteBuildResponse as _depot_builds_v1_DeleteBuildResponse, DeleteBuildResponse__Output as _depot_builds_v1_DeleteBuildResponse__Output } from '../../../depot/builds/v1/DeleteBuildResponse';
import type { DeleteModpackRequest as _depot_builds_v1_DeleteModpackRequest, DeleteModpackRequest__Output as _depot_builds_v1_DeleteModpackRequest__Output } from '../../../depot/builds/v1/DeleteModpackRequest';
import type { DeleteModpackResponse as _depot_builds_v1_DeleteModpackResponse, DeleteModpackResponse__Output as _depot_builds_v1_DeleteModpackResponse__Output } from '../../../depot/builds/v1/DeleteModpackResponse';
import type { Empty as _depot_builds_v1_Empty, Empty__Output as _depot_builds_v1_Empty__Output } from '../../../depot/builds/v1/Empty';
import type { GetBuildChangesRequest as _depot_builds_v1_GetBuildChangesRequest, GetBuildChangesRequest__Output as _depot_builds_v1_GetBuildChangesRequest__Output } from '../../../depot/builds/v1/GetBuildChangesRequest';
import type { GetBuildSourceRequest as _depot_builds_v1_GetBuildSourceRequest, GetBuildSourceRequest__Output as _depot_builds_v1_GetBuildSourceRequest__Output } from '../../../depot/builds/v1/GetBuildSourceRequest';
import type { GetManagedBuildRequest as _depot_builds_v1_GetManagedBuildRequest, GetManagedBuildRequest__Output as _depot_builds_v1_GetManagedBuildRequest__Output } from '../../../depot/builds/v1/GetManagedBuildRequest';
import type { GetManagedModpackRequest as _depot_builds_v1_GetManagedModpackRequest, GetManagedModpackRequest__Output as _depot_builds_v1_GetManagedModpackRequest__Output } from '../../../depot/builds/v1/GetManagedModpackRequest';
import type { GetModpackSourceRequest as _depot_builds_v1_GetModpackSourceRequest, GetModpackSourceRequest__Output as _depot_builds_v1_GetModpackSourceRequest__Output } from '../../../depot/builds/v1/GetModpackSourceRequest';
import type { ListManagedModpacksRequest as _depot_builds_v1_ListManagedModpacksRequest, ListManagedModpacksRequest__Output as _depot_builds_v1_ListManagedModpacksRequest__Output } from '../../../depot/builds/v1/ListManagedModpacksRequest';
import type { ListManagedModpacksResponse as _depot_builds_v1_ListManagedModpacksResponse, ListManagedModpacksResponse__Output as _depot_builds_v1_ListManagedModpacksResponse__Output } from '../../../depot/builds/v1/ListManagedModpacksResponse';
import type { ListModpackSourcesResponse as _depot_builds_v1_ListModpackSourcesResponse, ListModpackSourcesResponse__Output as _depot_builds_v1_ListModpackSourcesResponse__Output } from '../../../depot/builds/v1/ListModpackSourcesResponse';
import type { ListReleasesRequest as _depot_builds_v1_ListReleasesRequest, ListReleasesRequest__Output as _depot_builds_v1_ListReleasesRequest__Output } from '../../../depot/builds/v1/ListReleasesRequest';
import type { ListReleasesResponse as _depot_builds_v1_ListReleasesResponse, ListReleasesResponse__Output as _depot_builds_v1_ListReleasesResponse__Output } from '../../../depot/builds/v1/ListReleasesResponse';
import type { ListVersionUsesRequest as _depot_builds_v1_ListVersionUsesRequest, ListVersionUsesRequest__Output as _depot_builds_v1_ListVersionUsesRequest__Output } from '../../../depot/builds/v1/ListVersionUsesRequest';
import type { ListVersionUsesResponse as _depot_builds_v1_ListVersionUsesResponse, ListVersionUsesResponse__Output as _depot_builds_v1_ListVersionUsesResponse__Output } from '../../../depot/builds/v1/ListVersionUsesResponse';
import type { ManagedBuild as _depot_builds_v1_ManagedBuild, ManagedBuild__Output as _depot_builds_v1_ManagedBuild__Output } from '../../../depot/builds/v1/ManagedBuild';
import type { ManagedModpackDetail as _depot_builds_v1_ManagedModpackDetail, ManagedModpackDetail__Output as _depot_builds_v1_ManagedModpackDetail__Output } from '../../../depot/builds/v1/ManagedModpackDetail';
import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from '../../../depot/builds/v1/Modpack';
import type { ModpackRefs as _depot_builds_v1_ModpackRefs, ModpackRefs__Output as _depot_builds_v1_ModpackRefs__Output } from '../../../depot/builds/v1/ModpackRefs';
import type { ModpackSource as _depot_builds_v1_ModpackSource, ModpackSource__Output as _depot_builds_v1_ModpackSource__Output } from '../../../depot/builds/v1/ModpackSource';
import type { ModpacksByIdsRequest as _depot_builds_v1_ModpacksByIdsRequest, ModpacksByIdsRequest__Output as _depot_builds_v1_ModpacksByIdsRequest__Output } from '../../../depot/builds/v1/ModpacksByIdsRequest';
import type { ModpacksBySlugsRequest as _depot_builds_v1_ModpacksBySlugsRequest, ModpacksBySlugsRequest__Output as _depot_builds_v1_ModpacksBySlugsRequest__Output } from '../../../depot/builds/v1/ModpacksBySlugsRequest';
import type { ReleaseBuildRequest as _depot_builds_v1_ReleaseBuildRequest, ReleaseBuildRequest__Output as _depot_builds_v1_ReleaseBuildRequest__Output } from '../../../depot/builds/v1/ReleaseBuildRequest';
import type { ReleaseBuildResponse as _depot_builds_v1_ReleaseBuildResponse, ReleaseBuildResponse__Output as _depot_builds_v1_ReleaseBuildResponse__Output } from '../../../depot/builds/v1/ReleaseBuildResponse';
import type { ReleaseNotes as _depot_builds_v1_ReleaseNotes, ReleaseNotes__Output as _depot_builds_v1_ReleaseNotes__Output } from '../../../depot/builds/v1/ReleaseNotes';
import type { ReleaseVersionDeletionRequest as _depot_builds_v1_ReleaseVersionDeletionRequest, ReleaseVersionDeletionRequest__Output as _depot_builds_v1_ReleaseVersionDeletionRequest__Output } from '../../../depot/builds/v1/ReleaseVersionDeletionRequest';
import type { RemoveBuildModRequest as _depot_builds_v1_RemoveBuildModRequest, RemoveBuildModRequest__Output as _depot_builds_v1_RemoveBuildModRequest__Output } from '../../../depot/builds/v1/RemoveBuildModRequest';
import type { ReserveVersionDeletionRequest as _depot_builds_v1_ReserveVersionDeletionRequest, ReserveVersionDeletionRequest__Output as _depot_builds_v1_ReserveVersionDeletionRequest__Output } from '../../../depot/builds/v1/ReserveVersionDeletionRequest';
import type { ReserveVersionDeletionResponse as _depot_builds_v1_ReserveVersionDeletionResponse, ReserveVersionDeletionResponse__Output as _depot_builds_v1_ReserveVersionDeletionResponse__Output } from '../../../depot/builds/v1/ReserveVersionDeletionResponse';
import type { SetAssignmentSideRequest as _depot_builds_v1_SetAssignmentSideRequest, SetAssignmentSideRequest__Output as _depot_builds_v1_SetAssignmentSideRequest__Output } from '../../../depot/builds/v1/SetAssignmentSideRequest';
import type { SetReleaseNotesRequest as _depot_builds_v1_SetReleaseNotesRequest, SetReleaseNotesRequest__Output as _depot_builds_v1_SetReleaseNotesRequest__Output } from '../../../depot/builds/v1/SetReleaseNotesRequest';
import type { UpdateBuildModRequest as _depot_builds_v1_UpdateBuildModRequest, UpdateBuildModRequest__Output as _depot_builds_v1_UpdateBuildModRequest__Output } from '../../../depot/builds/v1/UpdateBuildModRequest';
import type { UpdateBuildRequest as _depot_builds_v1_UpdateBuildRequest, UpdateBuildRequest__Output as _depot_builds_v1_UpdateBuildRequest__Output } from '../../../depot/builds/v1/UpdateBuildRequest';
import type { UpdateModpackRequest as _depot_builds_v1_UpdateModpackRequest, UpdateModpackRequest__Output as _depot_builds_v1_UpdateModpackRequest__Output } from '../../../depot/builds/v1/UpdateModpackRequest';

export interface BuildsServiceClient extends grpc.Client {
  AddBuildMod(argument: _depot_builds_v1_AddBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  AddBuildMod(argument: _depot_builds_v1_AddBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  AddBuildMod(argument: _depot_builds_v1_AddBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  AddBuildMod(argument: _depot_builds_v1_AddBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  addBuildMod(argument: _depot_builds_v1_AddBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  addBuildMod(argument: _depot_builds_v1_AddBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  addBuildMod(argument: _depot_builds_v1_AddBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  addBuildMod(argument: _depot_builds_v1_AddBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  CheckTarget(argument: _depot_builds_v1_CheckTargetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  CheckTarget(argument: _depot_builds_v1_CheckTargetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  CheckTarget(argument: _depot_builds_v1_CheckTargetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  CheckTarget(argument: _depot_builds_v1_CheckTargetRequest, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  checkTarget(argument: _depot_builds_v1_CheckTargetRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  checkTarget(argument: _depot_builds_v1_CheckTargetRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  checkTarget(argument: _depot_builds_v1_CheckTargetRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  checkTarget(argument: _depot_builds_v1_CheckTargetRequest, callback: grpc.requestCallback<_depot_builds_v1_CheckTargetResponse__Output>): grpc.ClientUnaryCall;
  
  CloneModpack(argument: _depot_builds_v1_CloneModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CloneModpack(argument: _depot_builds_v1_CloneModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CloneModpack(argument: _depot_builds_v1_CloneModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CloneModpack(argument: _depot_builds_v1_CloneModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  cloneModpack(argument: _depot_builds_v1_CloneModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  cloneModpack(argument: _depot_builds_v1_CloneModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  cloneModpack(argument: _depot_builds_v1_CloneModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  cloneModpack(argument: _depot_builds_v1_CloneModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  
  CountBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  CountBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  CountBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  CountBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  countBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  countBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  countBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  countBuildsUsingVersion(argument: _depot_builds_v1_CountBuildsUsingVersionRequest, callback: grpc.requestCallback<_depot_builds_v1_CountBuildsUsingVersionResponse__Output>): grpc.ClientUnaryCall;
  
  CreateBuild(argument: _depot_builds_v1_CreateBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  CreateBuild(argument: _depot_builds_v1_CreateBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  CreateBuild(argument: _depot_builds_v1_CreateBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  CreateBuild(argument: _depot_builds_v1_CreateBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  createBuild(argument: _depot_builds_v1_CreateBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  createBuild(argument: _depot_builds_v1_CreateBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  createBuild(argument: _depot_builds_v1_CreateBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  createBuild(argument: _depot_builds_v1_CreateBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  
  CreateModpack(argument: _depot_builds_v1_CreateModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CreateModpack(argument: _depot_builds_v1_CreateModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CreateModpack(argument: _depot_builds_v1_CreateModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  CreateModpack(argument: _depot_builds_v1_CreateModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  createModpack(argument: _depot_builds_v1_CreateModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  createModpack(argument: _depot_builds_v1_CreateModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  createModpack(argument: _depot_builds_v1_CreateModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  createModpack(argument: _depot_builds_v1_CreateModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  
  DeleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  DeleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  DeleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  DeleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  deleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  deleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  deleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  deleteBuild(argument: _depot_builds_v1_DeleteBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_DeleteBuildResponse__Output>): grpc.ClientUnaryCall;
  
  DeleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  DeleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  DeleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  DeleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  deleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  deleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  deleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  deleteModpack(argument: _depot_builds_v1_DeleteModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_DeleteModpackResponse__Output>): grpc.ClientUnaryCall;
  
  GetBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  GetBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  GetBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  GetBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  getBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  getBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  getBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  getBuildChanges(argument: _depot_builds_v1_GetBuildChangesRequest, callback: grpc.requestCallback<_depot_builds_v1_BuildChangesResponse__Output>): grpc.ClientUnaryCall;
  
  GetBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  GetBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  GetBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  GetBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  getBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  getBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  getBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  getBuildSource(argument: _depot_builds_v1_GetBuildSourceRequest, callback: grpc.requestCallback<_depot_builds_v1_BuildSource__Output>): grpc.ClientUnaryCall;
  
  GetManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  GetManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  GetManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  GetManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  getManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  getManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  getManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  getManagedBuild(argument: _depot_builds_v1_GetManagedBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_ManagedBuild__Output>): grpc.ClientUnaryCall;
  
  GetManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  GetManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  GetManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  GetManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  getManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  getManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  getManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  getManagedModpack(argument: _depot_builds_v1_GetManagedModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_ManagedModpackDetail__Output>): grpc.ClientUnaryCall;
  
  GetModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  GetModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  GetModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  GetModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  getModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  getModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  getModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  getModpackSource(argument: _depot_builds_v1_GetModpackSourceRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackSource__Output>): grpc.ClientUnaryCall;
  
  GetModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksByIds(argument: _depot_builds_v1_ModpacksByIdsRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  
  GetModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  GetModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  getModpacksBySlugs(argument: _depot_builds_v1_ModpacksBySlugsRequest, callback: grpc.requestCallback<_depot_builds_v1_ModpackRefs__Output>): grpc.ClientUnaryCall;
  
  ListManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  ListManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  ListManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  ListManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  listManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  listManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  listManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  listManagedModpacks(argument: _depot_builds_v1_ListManagedModpacksRequest, callback: grpc.requestCallback<_depot_builds_v1_ListManagedModpacksResponse__Output>): grpc.ClientUnaryCall;
  
  ListModpackSources(argument: _depot_builds_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListModpackSources(argument: _depot_builds_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListModpackSources(argument: _depot_builds_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  ListModpackSources(argument: _depot_builds_v1_Empty, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  listModpackSources(argument: _depot_builds_v1_Empty, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  listModpackSources(argument: _depot_builds_v1_Empty, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  listModpackSources(argument: _depot_builds_v1_Empty, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  listModpackSources(argument: _depot_builds_v1_Empty, callback: grpc.requestCallback<_depot_builds_v1_ListModpackSourcesResponse__Output>): grpc.ClientUnaryCall;
  
  ListReleases(argument: _depot_builds_v1_ListReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _depot_builds_v1_ListReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _depot_builds_v1_ListReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  ListReleases(argument: _depot_builds_v1_ListReleasesRequest, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _depot_builds_v1_ListReleasesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _depot_builds_v1_ListReleasesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _depot_builds_v1_ListReleasesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  listReleases(argument: _depot_builds_v1_ListReleasesRequest, callback: grpc.requestCallback<_depot_builds_v1_ListReleasesResponse__Output>): grpc.ClientUnaryCall;
  
  ListVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  ListVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  ListVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  ListVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  listVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  listVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  listVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  listVersionUses(argument: _depot_builds_v1_ListVersionUsesRequest, callback: grpc.requestCallback<_depot_builds_v1_ListVersionUsesResponse__Output>): grpc.ClientUnaryCall;
  
  ReleaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  ReleaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  ReleaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  ReleaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  releaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  releaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  releaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  releaseBuild(argument: _depot_builds_v1_ReleaseBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_ReleaseBuildResponse__Output>): grpc.ClientUnaryCall;
  
  ReleaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  ReleaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  ReleaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  ReleaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  releaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  releaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  releaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  releaseVersionDeletion(argument: _depot_builds_v1_ReleaseVersionDeletionRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  RemoveBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  RemoveBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  removeBuildMod(argument: _depot_builds_v1_RemoveBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  ReserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  ReserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  ReserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  ReserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  reserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  reserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  reserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  reserveVersionDeletion(argument: _depot_builds_v1_ReserveVersionDeletionRequest, callback: grpc.requestCallback<_depot_builds_v1_ReserveVersionDeletionResponse__Output>): grpc.ClientUnaryCall;
  
  SetAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  SetAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  SetAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  SetAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  setAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  setAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  setAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  setAssignmentSide(argument: _depot_builds_v1_SetAssignmentSideRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  SetReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  SetReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  SetReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  SetReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  setReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  setReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  setReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  setReleaseNotes(argument: _depot_builds_v1_SetReleaseNotesRequest, callback: grpc.requestCallback<_depot_builds_v1_ReleaseNotes__Output>): grpc.ClientUnaryCall;
  
  UpdateBuild(argument: _depot_builds_v1_UpdateBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  UpdateBuild(argument: _depot_builds_v1_UpdateBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  UpdateBuild(argument: _depot_builds_v1_UpdateBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  UpdateBuild(argument: _depot_builds_v1_UpdateBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  updateBuild(argument: _depot_builds_v1_UpdateBuildRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  updateBuild(argument: _depot_builds_v1_UpdateBuildRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  updateBuild(argument: _depot_builds_v1_UpdateBuildRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  updateBuild(argument: _depot_builds_v1_UpdateBuildRequest, callback: grpc.requestCallback<_depot_builds_v1_Build__Output>): grpc.ClientUnaryCall;
  
  UpdateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  UpdateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  UpdateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  UpdateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  updateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  updateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  updateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  updateBuildMod(argument: _depot_builds_v1_UpdateBuildModRequest, callback: grpc.requestCallback<_depot_builds_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  UpdateModpack(argument: _depot_builds_v1_UpdateModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  UpdateModpack(argument: _depot_builds_v1_UpdateModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  UpdateModpack(argument: _depot_builds_v1_UpdateModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  UpdateModpack(argument: _depot_builds_v1_UpdateModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  updateModpack(argument: _depot_builds_v1_UpdateModpackRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  updateModpack(argument: _depot_builds_v1_UpdateModpackRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  updateModpack(argument: _depot_builds_v1_UpdateModpackRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  updateModpack(argument: _depot_builds_v1_UpdateModpackRequest, callback: grpc.requestCallback<_depot_builds_v1_Modpack__Output>): grpc.ClientUnaryCall;
  
}

export interface BuildsServiceHandlers extends grpc.UntypedServiceImplementation {
  AddBuildMod: grpc.handleUnaryCall<_depot_builds_v1_AddBuildModRequest__Output, _depot_builds_v1_Empty>;
  
  CheckTarget: grpc.handleUnaryCall<_depot_builds_v1_CheckTargetRequest__Output, _depot_builds_v1_CheckTargetResponse>;
  
  CloneModpack: grpc.handleUnaryCall<_depot_builds_v1_CloneModpackRequest__Output, _depot_builds_v1_Modpack>;
  
  CountBuildsUsingVersion: grpc.handleUnaryCall<_depot_builds_v1_CountBuildsUsingVersionRequest__Output, _depot_builds_v1_CountBuildsUsingVersionResponse>;
  
  CreateBuild: grpc.handleUnaryCall<_depot_builds_v1_CreateBuildRequest__Output, _depot_builds_v1_Build>;
  
  CreateModpack: grpc.handleUnaryCall<_depot_builds_v1_CreateModpackRequest__Output, _depot_builds_v1_Modpack>;
  
  DeleteBuild: grpc.handleUnaryCall<_depot_builds_v1_DeleteBuildRequest__Output, _depot_builds_v1_DeleteBuildResponse>;
  
  DeleteModpack: grpc.handleUnaryCall<_depot_builds_v1_DeleteModpackRequest__Output, _depot_builds_v1_DeleteModpackResponse>;
  
  GetBuildChanges: grpc.handleUnaryCall<_depot_builds_v1_GetBuildChangesRequest__Output, _depot_builds_v1_BuildChangesResponse>;
  
  GetBuildSource: grpc.handleUnaryCall<_depot_builds_v1_GetBuildSourceRequest__Output, _depot_builds_v1_BuildSource>;
  
  GetManagedBuild: grpc.handleUnaryCall<_depot_builds_v1_GetManagedBuildRequest__Output, _depot_builds_v1_ManagedBuild>;
  
  GetManagedModpack: grpc.handleUnaryCall<_depot_builds_v1_GetManagedModpackRequest__Output, _depot_builds_v1_ManagedModpackDetail>;
  
  GetModpackSource: grpc.handleUnaryCall<_depot_builds_v1_GetModpackSourceRequest__Output, _depot_builds_v1_ModpackSource>;
  
  GetModpacksByIds: grpc.handleUnaryCall<_depot_builds_v1_ModpacksByIdsRequest__Output, _depot_builds_v1_ModpackRefs>;
  
  GetModpacksBySlugs: grpc.handleUnaryCall<_depot_builds_v1_ModpacksBySlugsRequest__Output, _depot_builds_v1_ModpackRefs>;
  
  ListManagedModpacks: grpc.handleUnaryCall<_depot_builds_v1_ListManagedModpacksRequest__Output, _depot_builds_v1_ListManagedModpacksResponse>;
  
  ListModpackSources: grpc.handleUnaryCall<_depot_builds_v1_Empty__Output, _depot_builds_v1_ListModpackSourcesResponse>;
  
  ListReleases: grpc.handleUnaryCall<_depot_builds_v1_ListReleasesRequest__Output, _depot_builds_v1_ListReleasesResponse>;
  
  ListVersionUses: grpc.handleUnaryCall<_depot_builds_v1_ListVersionUsesRequest__Output, _depot_builds_v1_ListVersionUsesResponse>;
  
  ReleaseBuild: grpc.handleUnaryCall<_depot_builds_v1_ReleaseBuildRequest__Output, _depot_builds_v1_ReleaseBuildResponse>;
  
  ReleaseVersionDeletion: grpc.handleUnaryCall<_depot_builds_v1_ReleaseVersionDeletionRequest__Output, _depot_builds_v1_Empty>;
  
  RemoveBuildMod: grpc.handleUnaryCall<_depot_builds_v1_RemoveBuildModRequest__Output, _depot_builds_v1_Empty>;
  
  ReserveVersionDeletion: grpc.handleUnaryCall<_depot_builds_v1_ReserveVersionDeletionRequest__Output, _depot_builds_v1_ReserveVersionDeletionResponse>;
  
  SetAssignmentSide: grpc.handleUnaryCall<_depot_builds_v1_SetAssignmentSideRequest__Output, _depot_builds_v1_Empty>;
  
  SetReleaseNotes: grpc.handleUnaryCall<_depot_builds_v1_SetReleaseNotesRequest__Output, _depot_builds_v1_ReleaseNotes>;
  
  UpdateBuild: grpc.handleUnaryCall<_depot_builds_v1_UpdateBuildRequest__Output, _depot_builds_v1_Build>;
  
  UpdateBuildMod: grpc.handleUnaryCall<_depot_builds_v1_UpdateBuildModRequest__Output, _depot_builds_v1_Empty>;
  
  UpdateModpack: grpc.handleUnaryCall<_depot_builds_v1_UpdateModpackRequest__Output, _depot_builds_v1_Modpack>;
  
}

export interface BuildsServiceDefinition extends grpc.ServiceDefinition {
  AddBuildMod: MethodDefinition<_depot_builds_v1_AddBuildModRequest, _depot_builds_v1_Empty, _depot_builds_v1_AddBuildModRequest__Output, _depot_builds_v1_Empty__Output>
  CheckTarget: MethodDefinition<_depot_builds_v1_CheckTargetRequest, _depot_builds_v1_CheckTargetResponse, _depot_builds_v1_CheckTargetRequest__Output, _depot_builds_v1_CheckTargetResponse__Output>
  CloneModpack: MethodDefinition<_depot_builds_v1_CloneModpackRequest, _depot_builds_v1_Modpack, _depot_builds_v1_CloneModpackRequest__Output, _depot_builds_v1_Modpack__Output>
  CountBuildsUsingVersion: MethodDefinition<_depot_builds_v1_CountBuildsUsingVersionRequest, _depot_builds_v1_CountBuildsUsingVersionResponse, _depot_builds_v1_CountBuildsUsingVersionRequest__Output, _depot_builds_v1_CountBuildsUsingVersionResponse__Output>
  CreateBuild: MethodDefinition<_depot_builds_v1_CreateBuildRequest, _depot_builds_v1_Build, _depot_builds_v1_CreateBuildRequest__Output, _depot_builds_v1_Build__Output>
  CreateModpack: MethodDefinition<_depot_builds_v1_CreateModpackRequest, _depot_builds_v1_Modpack, _depot_builds_v1_CreateModpackRequest__Output, _depot_builds_v1_Modpack__Output>
  DeleteBuild: MethodDefinition<_depot_builds_v1_DeleteBuildRequest, _depot_builds_v1_DeleteBuildResponse, _depot_builds_v1_DeleteBuildRequest__Output, _depot_builds_v1_DeleteBuildResponse__Output>
  DeleteModpack: MethodDefinition<_depot_builds_v1_DeleteModpackRequest, _depot_builds_v1_DeleteModpackResponse, _depot_builds_v1_DeleteModpackRequest__Output, _depot_builds_v1_DeleteModpackResponse__Output>
  GetBuildChanges: MethodDefinition<_depot_builds_v1_GetBuildChangesRequest, _depot_builds_v1_BuildChangesResponse, _depot_builds_v1_GetBuildChangesRequest__Output, _depot_builds_v1_BuildChangesResponse__Output>
  GetBuildSource: MethodDefinition<_depot_builds_v1_GetBuildSourceRequest, _depot_builds_v1_BuildSource, _depot_builds_v1_GetBuildSourceRequest__Output, _depot_builds_v1_BuildSource__Output>
  GetManagedBuild: MethodDefinition<_depot_builds_v1_GetManagedBuildRequest, _depot_builds_v1_ManagedBuild, _depot_builds_v1_GetManagedBuildRequest__Output, _depot_builds_v1_ManagedBuild__Output>
  GetManagedModpack: MethodDefinition<_depot_builds_v1_GetManagedModpackRequest, _depot_builds_v1_ManagedModpackDetail, _depot_builds_v1_GetManagedModpackRequest__Output, _depot_builds_v1_ManagedModpackDetail__Output>
  GetModpackSource: MethodDefinition<_depot_builds_v1_GetModpackSourceRequest, _depot_builds_v1_ModpackSource, _depot_builds_v1_GetModpackSourceRequest__Output, _depot_builds_v1_ModpackSource__Output>
  GetModpacksByIds: MethodDefinition<_depot_builds_v1_ModpacksByIdsRequest, _depot_builds_v1_ModpackRefs, _depot_builds_v1_ModpacksByIdsRequest__Output, _depot_builds_v1_ModpackRefs__Output>
  GetModpacksBySlugs: MethodDefinition<_depot_builds_v1_ModpacksBySlugsRequest, _depot_builds_v1_ModpackRefs, _depot_builds_v1_ModpacksBySlugsRequest__Output, _depot_builds_v1_ModpackRefs__Output>
  ListManagedModpacks: MethodDefinition<_depot_builds_v1_ListManagedModpacksRequest, _depot_builds_v1_ListManagedModpacksResponse, _depot_builds_v1_ListManagedModpacksRequest__Output, _depot_builds_v1_ListManagedModpacksResponse__Output>
  ListModpackSources: MethodDefinition<_depot_builds_v1_Empty, _depot_builds_v1_ListModpackSourcesResponse, _depot_builds_v1_Empty__Output, _depot_builds_v1_ListModpackSourcesResponse__Output>
  ListReleases: MethodDefinition<_depot_builds_v1_ListReleasesRequest, _depot_builds_v1_ListReleasesResponse, _depot_builds_v1_ListReleasesRequest__Output, _depot_builds_v1_ListReleasesResponse__Output>
  ListVersionUses: MethodDefinition<_depot_builds_v1_ListVersionUsesRequest, _depot_builds_v1_ListVersionUsesResponse, _depot_builds_v1_ListVersionUsesRequest__Output, _depot_builds_v1_ListVersionUsesResponse__Output>
  ReleaseBuild: MethodDefinition<_depot_builds_v1_ReleaseBuildRequest, _depot_builds_v1_ReleaseBuildResponse, _depot_builds_v1_ReleaseBuildRequest__Output, _depot_builds_v1_ReleaseBuildResponse__Output>
  ReleaseVersionDeletion: MethodDefinition<_depot_builds_v1_ReleaseVersionDeletionRequest, _depot_builds_v1_Empty, _depot_builds_v1_ReleaseVersionDeletionRequest__Output, _depot_builds_v1_Empty__Output>
  RemoveBuildMod: MethodDefinition<_depot_builds_v1_RemoveBuildModRequest, _depot_builds_v1_Empty, _depot_builds_v1_RemoveBuildModRequest__Output, _depot_builds_v1_Empty__Output>
  ReserveVersionDeletion: MethodDefinition<_depot_builds_v1_ReserveVersionDeletionRequest, _depot_builds_v1_ReserveVersionDeletionResponse, _depot_builds_v1_ReserveVersionDeletionRequest__Output, _depot_builds_v1_ReserveVersionDeletionResponse__Output>
  SetAssignmentSide: MethodDefinition<_depot_builds_v1_SetAssignmentSideRequest, _depot_builds_v1_Empty, _depot_builds_v1_SetAssignmentSideRequest__Output, _depot_builds_v1_Empty__Output>
  SetReleaseNotes: MethodDefinition<_depot_builds_v1_SetReleaseNotesRequest, _depot_builds_v1_ReleaseNotes, _depot_builds_v1_SetReleaseNotesRequest__Output, _depot_builds_v1_ReleaseNotes__Output>
  UpdateBuild: MethodDefinition<_depot_builds_v1_UpdateBuildRequest, _depot_builds_v1_Build, _depot_builds_v1_UpdateBuildRequest__Output, _depot_builds_v1_Build__Output>
  UpdateBuildMod: MethodDefinition<_depot_builds_v1_UpdateBuildModRequest, _depot_builds_v1_Empty, _depot_builds_v1_UpdateBuildModRequest__Output, _depot_builds_v1_Empty__Output>
  UpdateModpack: MethodDefinition<_depot_builds_v1_UpdateModpackRequest, _depot_builds_v1_Modpack, _depot_builds_v1_UpdateModpackRequest__Output, _depot_builds_v1_Modpack__Output>
}
