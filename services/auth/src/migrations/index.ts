import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261122000000_init } from './Migration20261122000000_init';
import { Migration20261210000000_sessions } from './Migration20261210000000_sessions';
import { Migration20261220000000_two_factor } from './Migration20261220000000_two_factor';
import { Migration20261230000000_imported_tokens } from './Migration20261230000000_imported_tokens';

// Listed in code (not discovered from files) so the same list runs from sources and from dist.
export const migrations: MigrationObject[] = [
  { name: 'Migration20261122000000_init', class: Migration20261122000000_init },
  { name: 'Migration20261210000000_sessions', class: Migration20261210000000_sessions },
  { name: 'Migration20261220000000_two_factor', class: Migration20261220000000_two_factor },
  { name: 'Migration20261230000000_imported_tokens', class: Migration20261230000000_imported_tokens },
];
