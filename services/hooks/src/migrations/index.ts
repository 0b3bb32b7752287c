import type { MigrationObject } from '@mikro-orm/core';
import { Migration20270101000100_init } from './Migration20270101000100_init';

// Listed in code (not discovered from files) so the same list runs from sources and from dist.
export const migrations: MigrationObject[] = [
  { name: 'Migration20270101000100_init', class: Migration20270101000100_init },
];
