// The archive store (docs/archives.md#the-store): one interface, an fs and an S3 backend, and
// their settings. The catalog writes it (uploads, the sweep); the gateway reads it directly for
// downloads (docs/decisions.md, "Downloads: the gateway reads the store directly"). A module of
// its own (`@depot/common/archive-store`), so that only those two load the S3 client.
export * from './digest';
export * from './object-store';
export * from './fs-store';
export * from './s3-store';
export * from './settings';
export * from './open-store';
export * from './read-budget';
