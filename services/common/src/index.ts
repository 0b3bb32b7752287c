// @depot/common: Depot's domain rules, pure (no I/O, no connection). What a process needs beside
// them lives in subpaths it imports by name: /process, /grpc, /bus, /runtime, /archive-store.
export * from './domain';
