// What other packages use of the store (the admin CLI's backup, restore and adopt checks): the
// settings, opening the backend they name, and the object interface. Everything else stays inside
// the catalog.
export { openArchiveStore } from './open-store';
export { archiveStoreEnv, archiveStoreSchema, refineArchiveStore, storeDir } from './settings';
export type { ArchiveStoreSettings } from './settings';
export { objectKey } from './object-store';
export type { ArchiveStore, ObjectInfo } from './object-store';
