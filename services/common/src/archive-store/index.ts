// The archive store (docs/archives.md#the-store): one interface, an fs and an S3 backend, and
// every archive setting (settings.ts). The catalog writes it (uploads, the sweep); the gateway
// reads it directly for downloads (docs/decisions.md, "Downloads: the gateway reads the store
// directly"); the admin CLI backs it up. A module of its own (`@depot/common/archive-store`), so
// that only the processes that handle archives load the S3 client (not builds, nor auth).
export * from './digest';
export * from './object-store';
export * from './fs-store';
export * from './s3-store';
export * from './settings';
export * from './open-store';
export * from './read-budget';
