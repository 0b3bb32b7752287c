// `@depot/cli` as a library: what the `depot` command does, for scripts and tests that would
// rather call it than spawn it. The command itself is dist/cli.js (the package's bin).
export * from './api';
export * from './exit-codes';
export { checkFiles, hashFiles, sha256File, type LocalFile } from './files';
export { parsePublishOptions, UsageError, type PublishOptions, type RawPublishOptions } from './options';
export { publish, releaseRequest, type PublishContext, type PublishResult } from './publish';
export {
  createReporter,
  errorLines,
  failureLines,
  outputMode,
  plainReporter,
  releaseLines,
  type Reporter,
} from './report';
