import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000100_init } from './Migration20261122000100_init';
import { Migration20261201000100_outbox_trace } from './Migration20261201000100_outbox_trace';
import { Migration20261215000100_catalog_tombstones } from './Migration20261215000100_catalog_tombstones';
import { Migration20261220000100_version_deletions } from './Migration20261220000100_version_deletions';
import { Migration20261229000100_release_notes } from './Migration20261229000100_release_notes';
import { Migration20261231000100_build_loaders } from './Migration20261231000100_build_loaders';
import { Migration20261231000200_assignment_sides } from './Migration20261231000200_assignment_sides';

// Listed in code (not discovered from files) so the same list runs from sources and from dist.
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000100_init', class: Migration20261122000100_init },
  { name: 'Migration20261201000100_outbox_trace', class: Migration20261201000100_outbox_trace },
  { name: 'Migration20261215000100_catalog_tombstones', class: Migration20261215000100_catalog_tombstones },
  { name: 'Migration20261220000100_version_deletions', class: Migration20261220000100_version_deletions },
  { name: 'Migration20261229000100_release_notes', class: Migration20261229000100_release_notes },
  { name: 'Migration20261231000100_build_loaders', class: Migration20261231000100_build_loaders },
  { name: 'Migration20261231000200_assignment_sides', class: Migration20261231000200_assignment_sides },
];
