import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init';
import { Migration20261201000000_outbox_trace } from './Migration20261201000000_outbox_trace';
import { Migration20261203000000_build_read_covering } from './Migration20261203000000_build_read_covering';
import { Migration20261215000000_notes_and_version_url } from './Migration20261215000000_notes_and_version_url';
import { Migration20261226000000_hosted_archives } from './Migration20261226000000_hosted_archives';
import { Migration20261228000000_archive_metadata } from './Migration20261228000000_archive_metadata';
import { Migration20261229000000_held_archives } from './Migration20261229000000_held_archives';
import { Migration20261230000000_version_side } from './Migration20261230000000_version_side';
import { Migration20261231000000_server_packs } from './Migration20261231000000_server_packs';
import { Migration20270101000000_archive_jars } from './Migration20270101000000_archive_jars';

// Listed in code (not discovered from files) so the same list runs from sources and from dist.
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
  { name: 'Migration20261201000000_outbox_trace', class: Migration20261201000000_outbox_trace },
  { name: 'Migration20261203000000_build_read_covering', class: Migration20261203000000_build_read_covering },
  { name: 'Migration20261215000000_notes_and_version_url', class: Migration20261215000000_notes_and_version_url },
  { name: 'Migration20261226000000_hosted_archives', class: Migration20261226000000_hosted_archives },
  { name: 'Migration20261228000000_archive_metadata', class: Migration20261228000000_archive_metadata },
  { name: 'Migration20261229000000_held_archives', class: Migration20261229000000_held_archives },
  { name: 'Migration20261230000000_version_side', class: Migration20261230000000_version_side },
  { name: 'Migration20261231000000_server_packs', class: Migration20261231000000_server_packs },
  { name: 'Migration20270101000000_archive_jars', class: Migration20270101000000_archive_jars },
];
