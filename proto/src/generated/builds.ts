import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { Access as _depot_builds_v1_Access, Access__Output as _depot_builds_v1_Access__Output } from './depot/builds/v1/Access';
import type { AddBuildModRequest as _depot_builds_v1_AddBuildModRequest, AddBuildModRequest__Output as _depot_builds_v1_AddBuildModRequest__Output } from './depot/builds/v1/AddBuildModRequest';
import type { AssignmentSide as _depot_builds_v1_AssignmentSide, AssignmentSide__Output as _depot_builds_v1_AssignmentSide__Output } from './depot/builds/v1/AssignmentSide';
import type { Build as _depot_builds_v1_Build, Build__Output as _depot_builds_v1_Build__Output } from './depot/builds/v1/Build';
import type { BuildChanges as _depot_builds_v1_BuildChanges, BuildChanges__Output as _depot_builds_v1_BuildChanges__Output } from './depot/builds/v1/BuildChanges';
import type { BuildChangesResponse as _depot_builds_v1_BuildChangesResponse, BuildChangesResponse__Output as _depot_builds_v1_BuildChangesResponse__Output } from './depot/builds/v1/BuildChangesResponse';
import type { BuildFlags as _depot_builds_v1_BuildFlags, BuildFlags__Output as _depot_builds_v1_BuildFlags__Output } from './depot/builds/v1/BuildFlags';
import type { BuildSource as _depot_builds_v1_BuildSource, BuildSource__Output as _depot_builds_v1_BuildSource__Output } from './depot/builds/v1/BuildSource';
import type { BuildsServiceClient as _depot_builds_v1_BuildsServiceClient, BuildsServiceDefinition as _depot_builds_v1_BuildsServiceDefinition } from './depot/builds/v1/BuildsService';
import type { CheckTargetRequest as _depot_builds_v1_CheckTargetRequest, CheckTargetRequest__Output as _depot_builds_v1_CheckTargetRequest__Output } from './depot/builds/v1/CheckTargetRequest';
import type { CheckTargetResponse as _depot_builds_v1_CheckTargetResponse, CheckTargetResponse__Output as _depot_builds_v1_CheckTargetResponse__Output } from './depot/builds/v1/CheckTargetResponse';
import type { CloneModpackRequest as _depot_builds_v1_CloneModpackRequest, CloneModpackRequest__Output as _depot_builds_v1_CloneModpackRequest__Output } from './depot/builds/v1/CloneModpackRequest';
import type { CountBuildsUsingVersionRequest as _depot_builds_v1_CountBuildsUsingVersionRequest, CountBuildsUsingVersionRequest__Output as _depot_builds_v1_CountBuildsUsingVersionRequest__Output } from './depot/builds/v1/CountBuildsUsingVersionRequest';
import type { CountBuildsUsingVersionResponse as _depot_builds_v1_CountBuildsUsingVersionResponse, CountBuildsUsingVersionResponse__Output as _depot_builds_v1_CountBuildsUsingVersionResponse__Output } from './depot/builds/v1/CountBuildsUsingVersionResponse';
import type { CreateBuildRequest as _depot_builds_v1_CreateBuildRequest, CreateBuildRequest__Output as _depot_builds_v1_CreateBuildRequest__Output } from './depot/builds/v1/CreateBuildRequest';
import type { CreateModpackRequest as _depot_builds_v1_CreateModpackRequest, CreateModpackRequest__Output as _depot_builds_v1_CreateModpackRequest__Output } from './depot/builds/v1/CreateModpackRequest';
import type { DeleteBuildRequest as _depot_builds_v1_DeleteBuildRequest, DeleteBuildRequest__Output as _depot_builds_v1_DeleteBuildRequest__Output } from './depot/builds/v1/DeleteBuildRequest';
import type { DeleteBuildResponse as _depot_builds_v1_DeleteBuildResponse, DeleteBuildResponse__Output as _depot_builds_v1_DeleteBuildResponse__Output } from './depot/builds/v1/DeleteBuildResponse';
import type { DeleteModpackRequest as _depot_builds_v1_DeleteModpackRequest, DeleteModpackRequest__Output as _depot_builds_v1_DeleteModpackRequest__Output } from './depot/builds/v1/DeleteModpackRequest';
import type { DeleteModpackResponse as _depot_builds_v1_DeleteModpackResponse, DeleteModpackResponse__Output as _depot_builds_v1_DeleteModpackResponse__Output } from './depot/builds/v1/DeleteModpackResponse';
import type { Empty as _depot_builds_v1_Empty, Empty__Output as _depot_builds_v1_Empty__Output } from './depot/builds/v1/Empty';
import type { GetBuildChangesRequest as _depot_builds_v1_GetBuildChangesRequest, GetBuildChangesRequest__Output as _depot_builds_v1_GetBuildChangesRequest__Output } from './depot/builds/v1/GetBuildChangesRequest';
import type { GetBuildSourceRequest as _depot_builds_v1_GetBuildSourceRequest, GetBuildSourceRequest__Output as _depot_builds_v1_GetBuildSourceRequest__Output } from './depot/builds/v1/GetBuildSourceRequest';
import type { GetManagedBuildRequest as _depot_builds_v1_GetManagedBuildRequest, GetManagedBuildRequest__Output as _depot_builds_v1_GetManagedBuildRequest__Output } from './depot/builds/v1/GetManagedBuildRequest';
import type { GetManagedModpackRequest as _depot_builds_v1_GetManagedModpackRequest, GetManagedModpackRequest__Output as _depot_builds_v1_GetManagedModpackRequest__Output } from './depot/builds/v1/GetManagedModpackRequest';
import type { GetModpackSourceRequest as _depot_builds_v1_GetModpackSourceRequest, GetModpackSourceRequest__Output as _depot_builds_v1_GetModpackSourceRequest__Output } from './depot/builds/v1/GetModpackSourceRequest';
import type { ListManagedModpacksRequest as _depot_builds_v1_ListManagedModpacksRequest, ListManagedModpacksRequest__Output as _depot_builds_v1_ListManagedModpacksRequest__Output } from './depot/builds/v1/ListManagedModpacksRequest';
import type { ListManagedModpacksResponse as _depot_builds_v1_ListManagedModpacksResponse, ListManagedModpacksResponse__Output as _depot_builds_v1_ListManagedModpacksResponse__Output } from './depot/builds/v1/ListManagedModpacksResponse';
import type { ListModpackSourcesResponse as _depot_builds_v1_ListModpackSourcesResponse, ListModpackSourcesResponse__Output as _depot_builds_v1_ListModpackSourcesResponse__Output } from './depot/builds/v1/ListModpackSourcesResponse';
import type { ListReleasesRequest as _depot_builds_v1_ListReleasesRequest, ListReleasesRequest__Output as _depot_builds_v1_ListReleasesRequest__Output } from './depot/builds/v1/ListReleasesRequest';
import type { ListReleasesResponse as _depot_builds_v1_ListReleasesResponse, ListReleasesResponse__Output as _depot_builds_v1_ListReleasesResponse__Output } from './depot/builds/v1/ListReleasesResponse';
import type { ListVersionUsesRequest as _depot_builds_v1_ListVersionUsesRequest, ListVersionUsesRequest__Output as _depot_builds_v1_ListVersionUsesRequest__Output } from './depot/builds/v1/ListVersionUsesRequest';
import type { ListVersionUsesResponse as _depot_builds_v1_ListVersionUsesResponse, ListVersionUsesResponse__Output as _depot_builds_v1_ListVersionUsesResponse__Output } from './depot/builds/v1/ListVersionUsesResponse';
import type { ManagedBuild as _depot_builds_v1_ManagedBuild, ManagedBuild__Output as _depot_builds_v1_ManagedBuild__Output } from './depot/builds/v1/ManagedBuild';
import type { ManagedModpack as _depot_builds_v1_ManagedModpack, ManagedModpack__Output as _depot_builds_v1_ManagedModpack__Output } from './depot/builds/v1/ManagedModpack';
import type { ManagedModpackDetail as _depot_builds_v1_ManagedModpackDetail, ManagedModpackDetail__Output as _depot_builds_v1_ManagedModpackDetail__Output } from './depot/builds/v1/ManagedModpackDetail';
import type { ModChange as _depot_builds_v1_ModChange, ModChange__Output as _depot_builds_v1_ModChange__Output } from './depot/builds/v1/ModChange';
import type { Modpack as _depot_builds_v1_Modpack, Modpack__Output as _depot_builds_v1_Modpack__Output } from './depot/builds/v1/Modpack';
import type { ModpackRef as _depot_builds_v1_ModpackRef, ModpackRef__Output as _depot_builds_v1_ModpackRef__Output } from './depot/builds/v1/ModpackRef';
import type { ModpackRefs as _depot_builds_v1_ModpackRefs, ModpackRefs__Output as _depot_builds_v1_ModpackRefs__Output } from './depot/builds/v1/ModpackRefs';
import type { ModpackSource as _depot_builds_v1_ModpackSource, ModpackSource__Output as _depot_builds_v1_ModpackSource__Output } from './depot/builds/v1/ModpackSource';
import type { ModpacksByIdsRequest as _depot_builds_v1_ModpacksByIdsRequest, ModpacksByIdsRequest__Output as _depot_builds_v1_ModpacksByIdsRequest__Output } from './depot/builds/v1/ModpacksByIdsRequest';
import type { ModpacksBySlugsRequest as _depot_builds_v1_ModpacksBySlugsRequest, ModpacksBySlugsRequest__Output as _depot_builds_v1_ModpacksBySlugsRequest__Output } from './depot/builds/v1/ModpacksBySlugsRequest';
import type { ReleaseAssignment as _depot_builds_v1_ReleaseAssignment, ReleaseAssignment__Output as _depot_builds_v1_ReleaseAssignment__Output } from './depot/builds/v1/ReleaseAssignment';
import type { ReleaseBuildRequest as _depot_builds_v1_ReleaseBuildRequest, ReleaseBuildRequest__Output as _depot_builds_v1_ReleaseBuildRequest__Output } from './depot/builds/v1/ReleaseBuildRequest';
import type { ReleaseBuildResponse as _depot_builds_v1_ReleaseBuildResponse, ReleaseBuildResponse__Output as _depot_builds_v1_ReleaseBuildResponse__Output } from './depot/builds/v1/ReleaseBuildResponse';
import type { ReleaseChange as _depot_builds_v1_ReleaseChange, ReleaseChange__Output as _depot_builds_v1_ReleaseChange__Output } from './depot/builds/v1/ReleaseChange';
import type { ReleaseNotes as _depot_builds_v1_ReleaseNotes, ReleaseNotes__Output as _depot_builds_v1_ReleaseNotes__Output } from './depot/builds/v1/ReleaseNotes';
import type { ReleaseVersionDeletionRequest as _depot_builds_v1_ReleaseVersionDeletionRequest, ReleaseVersionDeletionRequest__Output as _depot_builds_v1_ReleaseVersionDeletionRequest__Output } from './depot/builds/v1/ReleaseVersionDeletionRequest';
import type { RemoveBuildModRequest as _depot_builds_v1_RemoveBuildModRequest, RemoveBuildModRequest__Output as _depot_builds_v1_RemoveBuildModRequest__Output } from './depot/builds/v1/RemoveBuildModRequest';
import type { ReserveVersionDeletionRequest as _depot_builds_v1_ReserveVersionDeletionRequest, ReserveVersionDeletionRequest__Output as _depot_builds_v1_ReserveVersionDeletionRequest__Output } from './depot/builds/v1/ReserveVersionDeletionRequest';
import type { ReserveVersionDeletionResponse as _depot_builds_v1_ReserveVersionDeletionResponse, ReserveVersionDeletionResponse__Output as _depot_builds_v1_ReserveVersionDeletionResponse__Output } from './depot/builds/v1/ReserveVersionDeletionResponse';
import type { SetAssignmentSideRequest as _depot_builds_v1_SetAssignmentSideRequest, SetAssignmentSideRequest__Output as _depot_builds_v1_SetAssignmentSideRequest__Output } from './depot/builds/v1/SetAssignmentSideRequest';
import type { SetReleaseNotesRequest as _depot_builds_v1_SetReleaseNotesRequest, SetReleaseNotesRequest__Output as _depot_builds_v1_SetReleaseNotesRequest__Output } from './depot/builds/v1/SetReleaseNotesRequest';
import type { UpdateBuildModRequest as _depot_builds_v1_UpdateBuildModRequest, UpdateBuildModRequest__Output as _depot_builds_v1_UpdateBuildModRequest__Output } from './depot/builds/v1/UpdateBuildModRequest';
import type { UpdateBuildRequest as _depot_builds_v1_UpdateBuildRequest, UpdateBuildRequest__Output as _depot_builds_v1_UpdateBuildRequest__Output } from './depot/builds/v1/UpdateBuildRequest';
import type { UpdateModpackRequest as _depot_builds_v1_UpdateModpackRequest, UpdateModpackRequest__Output as _depot_builds_v1_UpdateModpackRequest__Output } from './depot/builds/v1/UpdateModpackRequest';
import type { VersionUse as _depot_builds_v1_VersionUse, VersionUse__Output as _depot_builds_v1_VersionUse__Output } from './depot/builds/v1/VersionUse';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  depot: {
    builds: {
      v1: {
        Access: MessageTypeDefinition<_depot_builds_v1_Access, _depot_builds_v1_Access__Output>
        AddBuildModRequest: MessageTypeDefinition<_depot_builds_v1_AddBuildModRequest, _depot_builds_v1_AddBuildModRequest__Output>
        AssignmentSide: MessageTypeDefinition<_depot_builds_v1_AssignmentSide, _depot_builds_v1_AssignmentSide__Output>
        Build: MessageTypeDefinition<_depot_builds_v1_Build, _depot_builds_v1_Build__Output>
        BuildChanges: MessageTypeDefinition<_depot_builds_v1_BuildChanges, _depot_builds_v1_BuildChanges__Output>
        BuildChangesResponse: MessageTypeDefinition<_depot_builds_v1_BuildChangesResponse, _depot_builds_v1_BuildChangesResponse__Output>
        BuildFlags: MessageTypeDefinition<_depot_builds_v1_BuildFlags, _depot_builds_v1_BuildFlags__Output>
        BuildSource: MessageTypeDefinition<_depot_builds_v1_BuildSource, _depot_builds_v1_BuildSource__Output>
        BuildsService: SubtypeConstructor<typeof grpc.Client, _depot_builds_v1_BuildsServiceClient> & { service: _depot_builds_v1_BuildsServiceDefinition }
        CheckTargetRequest: MessageTypeDefinition<_depot_builds_v1_CheckTargetRequest, _depot_builds_v1_CheckTargetRequest__Output>
        CheckTargetResponse: MessageTypeDefinition<_depot_builds_v1_CheckTargetResponse, _depot_builds_v1_CheckTargetResponse__Output>
        CloneModpackRequest: MessageTypeDefinition<_depot_builds_v1_CloneModpackRequest, _depot_builds_v1_CloneModpackRequest__Output>
        CountBuildsUsingVersionRequest: MessageTypeDefinition<_depot_builds_v1_CountBuildsUsingVersionRequest, _depot_builds_v1_CountBuildsUsingVersionRequest__Output>
        CountBuildsUsingVersionResponse: MessageTypeDefinition<_depot_builds_v1_CountBuildsUsingVersionResponse, _depot_builds_v1_CountBuildsUsingVersionResponse__Output>
        CreateBuildRequest: MessageTypeDefinition<_depot_builds_v1_CreateBuildRequest, _depot_builds_v1_CreateBuildRequest__Output>
        CreateModpackRequest: MessageTypeDefinition<_depot_builds_v1_CreateModpackRequest, _depot_builds_v1_CreateModpackRequest__Output>
        DeleteBuildRequest: MessageTypeDefinition<_depot_builds_v1_DeleteBuildRequest, _depot_builds_v1_DeleteBuildRequest__Output>
        DeleteBuildResponse: MessageTypeDefinition<_depot_builds_v1_DeleteBuildResponse, _depot_builds_v1_DeleteBuildResponse__Output>
        DeleteModpackRequest: MessageTypeDefinition<_depot_builds_v1_DeleteModpackRequest, _depot_builds_v1_DeleteModpackRequest__Output>
        DeleteModpackResponse: MessageTypeDefinition<_depot_builds_v1_DeleteModpackResponse, _depot_builds_v1_DeleteModpackResponse__Output>
        Empty: MessageTypeDefinition<_depot_builds_v1_Empty, _depot_builds_v1_Empty__Output>
        GetBuildChangesRequest: MessageTypeDefinition<_depot_builds_v1_GetBuildChangesRequest, _depot_builds_v1_GetBuildChangesRequest__Output>
        GetBuildSourceRequest: MessageTypeDefinition<_depot_builds_v1_GetBuildSourceRequest, _depot_builds_v1_GetBuildSourceRequest__Output>
        GetManagedBuildRequest: MessageTypeDefinition<_depot_builds_v1_GetManagedBuildRequest, _depot_builds_v1_GetManagedBuildRequest__Output>
        GetManagedModpackRequest: MessageTypeDefinition<_depot_builds_v1_GetManagedModpackRequest, _depot_builds_v1_GetManagedModpackRequest__Output>
        GetModpackSourceRequest: MessageTypeDefinition<_depot_builds_v1_GetModpackSourceRequest, _depot_builds_v1_GetModpackSourceRequest__Output>
        ListManagedModpacksRequest: MessageTypeDefinition<_depot_builds_v1_ListManagedModpacksRequest, _depot_builds_v1_ListManagedModpacksRequest__Output>
        ListManagedModpacksResponse: MessageTypeDefinition<_depot_builds_v1_ListManagedModpacksResponse, _depot_builds_v1_ListManagedModpacksResponse__Output>
        ListModpackSourcesResponse: MessageTypeDefinition<_depot_builds_v1_ListModpackSourcesResponse, _depot_builds_v1_ListModpackSourcesResponse__Output>
        ListReleasesRequest: MessageTypeDefinition<_depot_builds_v1_ListReleasesRequest, _depot_builds_v1_ListReleasesRequest__Output>
        ListReleasesResponse: MessageTypeDefinition<_depot_builds_v1_ListReleasesResponse, _depot_builds_v1_ListReleasesResponse__Output>
        ListVersionUsesRequest: MessageTypeDefinition<_depot_builds_v1_ListVersionUsesRequest, _depot_builds_v1_ListVersionUsesRequest__Output>
        ListVersionUsesResponse: MessageTypeDefinition<_depot_builds_v1_ListVersionUsesResponse, _depot_builds_v1_ListVersionUsesResponse__Output>
        ManagedBuild: MessageTypeDefinition<_depot_builds_v1_ManagedBuild, _depot_builds_v1_ManagedBuild__Output>
        ManagedModpack: MessageTypeDefinition<_depot_builds_v1_ManagedModpack, _depot_builds_v1_ManagedModpack__Output>
        ManagedModpackDetail: MessageTypeDefinition<_depot_builds_v1_ManagedModpackDetail, _depot_builds_v1_ManagedModpackDetail__Output>
        ModChange: MessageTypeDefinition<_depot_builds_v1_ModChange, _depot_builds_v1_ModChange__Output>
        Modpack: MessageTypeDefinition<_depot_builds_v1_Modpack, _depot_builds_v1_Modpack__Output>
        ModpackRef: MessageTypeDefinition<_depot_builds_v1_ModpackRef, _depot_builds_v1_ModpackRef__Output>
        ModpackRefs: MessageTypeDefinition<_depot_builds_v1_ModpackRefs, _depot_builds_v1_ModpackRefs__Output>
        ModpackSource: MessageTypeDefinition<_depot_builds_v1_ModpackSource, _depot_builds_v1_ModpackSource__Output>
        ModpacksByIdsRequest: MessageTypeDefinition<_depot_builds_v1_ModpacksByIdsRequest, _depot_builds_v1_ModpacksByIdsRequest__Output>
        ModpacksBySlugsRequest: MessageTypeDefinition<_depot_builds_v1_ModpacksBySlugsRequest, _depot_builds_v1_ModpacksBySlugsRequest__Output>
        ReleaseAssignment: MessageTypeDefinition<_depot_builds_v1_ReleaseAssignment, _depot_builds_v1_ReleaseAssignment__Output>
        ReleaseBuildRequest: MessageTypeDefinition<_depot_builds_v1_ReleaseBuildRequest, _depot_builds_v1_ReleaseBuildRequest__Output>
        ReleaseBuildResponse: MessageTypeDefinition<_depot_builds_v1_ReleaseBuildResponse, _depot_builds_v1_ReleaseBuildResponse__Output>
        ReleaseChange: MessageTypeDefinition<_depot_builds_v1_ReleaseChange, _depot_builds_v1_ReleaseChange__Output>
        ReleaseNotes: MessageTypeDefinition<_depot_builds_v1_ReleaseNotes, _depot_builds_v1_ReleaseNotes__Output>
        ReleaseVersionDeletionRequest: MessageTypeDefinition<_depot_builds_v1_ReleaseVersionDeletionRequest, _depot_builds_v1_ReleaseVersionDeletionRequest__Output>
        RemoveBuildModRequest: MessageTypeDefinition<_depot_builds_v1_RemoveBuildModRequest, _depot_builds_v1_RemoveBuildModRequest__Output>
        ReserveVersionDeletionRequest: MessageTypeDefinition<_depot_builds_v1_ReserveVersionDeletionRequest, _depot_builds_v1_ReserveVersionDeletionRequest__Output>
        ReserveVersionDeletionResponse: MessageTypeDefinition<_depot_builds_v1_ReserveVersionDeletionResponse, _depot_builds_v1_ReserveVersionDeletionResponse__Output>
        SetAssignmentSideRequest: MessageTypeDefinition<_depot_builds_v1_SetAssignmentSideRequest, _depot_builds_v1_SetAssignmentSideRequest__Output>
        SetReleaseNotesRequest: MessageTypeDefinition<_depot_builds_v1_SetReleaseNotesRequest, _depot_builds_v1_SetReleaseNotesRequest__Output>
        UpdateBuildModRequest: MessageTypeDefinition<_depot_builds_v1_UpdateBuildModRequest, _depot_builds_v1_UpdateBuildModRequest__Output>
        UpdateBuildRequest: MessageTypeDefinition<_depot_builds_v1_UpdateBuildRequest, _depot_builds_v1_UpdateBuildRequest__Output>
        UpdateModpackRequest: MessageTypeDefinition<_depot_builds_v1_UpdateModpackRequest, _depot_builds_v1_UpdateModpackRequest__Output>
        VersionUse: MessageTypeDefinition<_depot_builds_v1_VersionUse, _depot_builds_v1_VersionUse__Output>
      }
    }
  }
}

