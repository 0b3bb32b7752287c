// Message types of depot.hooks.v1 (generated; see src/generated).
export type * from './generated/depot/hooks/v1/CreateEndpointRequest';
export type * from './generated/depot/hooks/v1/Delivery';
export type * from './generated/depot/hooks/v1/Empty';
export type * from './generated/depot/hooks/v1/Endpoint';
export type * from './generated/depot/hooks/v1/EndpointRef';
export type * from './generated/depot/hooks/v1/ListDeliveriesRequest';
export type * from './generated/depot/hooks/v1/ListDeliveriesResponse';
export type * from './generated/depot/hooks/v1/ListEndpointsResponse';
export type * from './generated/depot/hooks/v1/RedeliverRequest';
export type * from './generated/depot/hooks/v1/Scope';
export type * from './generated/depot/hooks/v1/UpdateEndpointRequest';
