// @depot/common: Depot's rules (domain/) and what its processes run on (infra/). Test helpers are
// apart, in '@depot/common/testing'.
export * from './domain';
export * from './infra';
