// Message types of depot.catalog.v1 (generated; see src/generated).
export type * from './generated/depot/catalog/v1/CreateModRequest';
export type * from './generated/depot/catalog/v1/CreateVersionRequest';
export type * from './generated/depot/catalog/v1/DeleteModRequest';
export type * from './generated/depot/catalog/v1/DeleteModResponse';
export type * from './generated/depot/catalog/v1/DeleteVersionRequest';
export type * from './generated/depot/catalog/v1/DeleteVersionResponse';
export type * from './generated/depot/catalog/v1/GetModRequest';
export type * from './generated/depot/catalog/v1/GetVersionRequest';
export type * from './generated/depot/catalog/v1/ListModsRequest';
export type * from './generated/depot/catalog/v1/ListModsResponse';
export type * from './generated/depot/catalog/v1/Mod';
export type * from './generated/depot/catalog/v1/ModSummary';
export type * from './generated/depot/catalog/v1/ModVersion';
export type * from './generated/depot/catalog/v1/RenderBuildModsRequest';
export type * from './generated/depot/catalog/v1/RenderBuildModsResponse';
export type * from './generated/depot/catalog/v1/UpdateModRequest';
export type * from './generated/depot/catalog/v1/UpdateVersionRequest';
