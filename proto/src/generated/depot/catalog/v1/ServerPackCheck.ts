// Original file: depot/catalog/v1/catalog.proto

import type { ExportLeftOut as _depot_catalog_v1_ExportLeftOut, ExportLeftOut__Output as _depot_catalog_v1_ExportLeftOut__Output } from '../../../depot/catalog/v1/ExportLeftOut';

export interface ServerPackCheck {
  'build'?: (string);
  'made'?: (boolean);
  'problem'?: (string);
  'hosted'?: (boolean);
  'export_left_out'?: (_depot_catalog_v1_ExportLeftOut)[];
  '_problem'?: "problem";
}

export interface ServerPackCheck__Output {
  'build': (string);
  'made': (boolean);
  'problem'?: (string);
  'hosted': (boolean);
  'export_left_out': (_depot_catalog_v1_ExportLeftOut__Output)[];
  '_problem'?: "problem";
}
