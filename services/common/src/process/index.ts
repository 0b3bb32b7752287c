// @depot/common/process: what every Depot process is made of, with or without a database:
// configuration, logs, traces, metrics, deadlines, the local stack file and the entry point.
export * from './config';
export * from './logger';
export * from './scrub';
export * from './tracing';
export * from './metrics';
export * from './deadline';
export * from './local-stack';
export * from './main';
