// Original file: depot/catalog/v1/catalog.proto

import type { ServerPackRequest as _depot_catalog_v1_ServerPackRequest, ServerPackRequest__Output as _depot_catalog_v1_ServerPackRequest__Output } from '../../../depot/catalog/v1/ServerPackRequest';

export interface CheckServerPacksRequest {
  'builds'?: (_depot_catalog_v1_ServerPackRequest)[];
  'with_exports'?: (boolean);
}

export interface CheckServerPacksRequest__Output {
  'builds': (_depot_catalog_v1_ServerPackRequest__Output)[];
  'with_exports': (boolean);
}
