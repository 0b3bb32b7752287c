// Original file: depot/catalog/v1/catalog.proto

import type { ServerPackCheck as _depot_catalog_v1_ServerPackCheck, ServerPackCheck__Output as _depot_catalog_v1_ServerPackCheck__Output } from '../../../depot/catalog/v1/ServerPackCheck';

export interface CheckServerPacksResponse {
  'checks'?: (_depot_catalog_v1_ServerPackCheck)[];
}

export interface CheckServerPacksResponse__Output {
  'checks': (_depot_catalog_v1_ServerPackCheck__Output)[];
}
