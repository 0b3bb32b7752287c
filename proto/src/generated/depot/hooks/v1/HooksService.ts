// Original file: depot/hooks/v1/hooks.proto

import type * as grpc from '@grpc/grpc-js'
import type { MethodDefinition } from '@grpc/proto-loader'
import type { CreateEndpointRequest as _depot_hooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _depot_hooks_v1_CreateEndpointRequest__Output } from '../../../depot/hooks/v1/CreateEndpointRequest';
import type { Delivery as _depot_hooks_v1_Delivery, Delivery__Output as _depot_hooks_v1_Delivery__Output } from '../../../depot/hooks/v1/Delivery';
import type { Empty as _depot_hooks_v1_Empty, Empty__Output as _depot_hooks_v1_Empty__Output } from '../../../depot/hooks/v1/Empty';
import type { Endpoint as _depot_hooks_v1_Endpoint, Endpoint__Output as _depot_hooks_v1_Endpoint__Output } from '../../../depot/hooks/v1/Endpoint';
import type { EndpointRef as _depot_hooks_v1_EndpointRef, EndpointRef__Output as _depot_hooks_v1_EndpointRef__Output } from '../../../depot/hooks/v1/EndpointRef';
import type { ListDeliveriesRequest as _depot_hooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _depot_hooks_v1_ListDeliveriesRequest__Output } from '../../../depot/hooks/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _depot_hooks_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _depot_hooks_v1_ListDeliveriesResponse__Output } from '../../../depot/hooks/v1/ListDeliveriesResponse';
import type { ListEndpointsResponse as _depot_hooks_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _depot_hooks_v1_ListEndpointsResponse__Output } from '../../../depot/hooks/v1/ListEndpointsResponse';
import type { RedeliverRequest as _depot_hooks_v1_RedeliverRequest, RedeliverRequest__Output as _depot_hooks_v1_RedeliverRequest__Output } from '../../../depot/hooks/v1/RedeliverRequest';
import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from '../../../depot/hooks/v1/Scope';
import type { UpdateEndpointRequest as _depot_hooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _depot_hooks_v1_UpdateEndpointRequest__Output } from '../../../depot/hooks/v1/UpdateEndpointRequest';

export interface HooksServiceClient extends grpc.Client {
  CreateEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  CreateEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  createEndpoint(argument: _depot_hooks_v1_CreateEndpointRequest, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  
  DeleteEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  DeleteEndpoint(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  deleteEndpoint(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Empty__Output>): grpc.ClientUnaryCall;
  
  GetEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  GetEndpoint(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  getEndpoint(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  
  ListDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  ListDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  listDeliveries(argument: _depot_hooks_v1_ListDeliveriesRequest, callback: grpc.requestCallback<_depot_hooks_v1_ListDeliveriesResponse__Output>): grpc.ClientUnaryCall;
  
  ListEndpoints(argument: _depot_hooks_v1_Scope, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _depot_hooks_v1_Scope, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _depot_hooks_v1_Scope, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  ListEndpoints(argument: _depot_hooks_v1_Scope, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _depot_hooks_v1_Scope, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _depot_hooks_v1_Scope, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _depot_hooks_v1_Scope, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  listEndpoints(argument: _depot_hooks_v1_Scope, callback: grpc.requestCallback<_depot_hooks_v1_ListEndpointsResponse__Output>): grpc.ClientUnaryCall;
  
  Redeliver(argument: _depot_hooks_v1_RedeliverRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _depot_hooks_v1_RedeliverRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _depot_hooks_v1_RedeliverRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  Redeliver(argument: _depot_hooks_v1_RedeliverRequest, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _depot_hooks_v1_RedeliverRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _depot_hooks_v1_RedeliverRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _depot_hooks_v1_RedeliverRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  redeliver(argument: _depot_hooks_v1_RedeliverRequest, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  
  SendTest(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  SendTest(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _depot_hooks_v1_EndpointRef, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _depot_hooks_v1_EndpointRef, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  sendTest(argument: _depot_hooks_v1_EndpointRef, callback: grpc.requestCallback<_depot_hooks_v1_Delivery__Output>): grpc.ClientUnaryCall;
  
  UpdateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  UpdateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, metadata: grpc.Metadata, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, options: grpc.CallOptions, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  updateEndpoint(argument: _depot_hooks_v1_UpdateEndpointRequest, callback: grpc.requestCallback<_depot_hooks_v1_Endpoint__Output>): grpc.ClientUnaryCall;
  
}

export interface HooksServiceHandlers extends grpc.UntypedServiceImplementation {
  CreateEndpoint: grpc.handleUnaryCall<_depot_hooks_v1_CreateEndpointRequest__Output, _depot_hooks_v1_Endpoint>;
  
  DeleteEndpoint: grpc.handleUnaryCall<_depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Empty>;
  
  GetEndpoint: grpc.handleUnaryCall<_depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Endpoint>;
  
  ListDeliveries: grpc.handleUnaryCall<_depot_hooks_v1_ListDeliveriesRequest__Output, _depot_hooks_v1_ListDeliveriesResponse>;
  
  ListEndpoints: grpc.handleUnaryCall<_depot_hooks_v1_Scope__Output, _depot_hooks_v1_ListEndpointsResponse>;
  
  Redeliver: grpc.handleUnaryCall<_depot_hooks_v1_RedeliverRequest__Output, _depot_hooks_v1_Delivery>;
  
  SendTest: grpc.handleUnaryCall<_depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Delivery>;
  
  UpdateEndpoint: grpc.handleUnaryCall<_depot_hooks_v1_UpdateEndpointRequest__Output, _depot_hooks_v1_Endpoint>;
  
}

export interface HooksServiceDefinition extends grpc.ServiceDefinition {
  CreateEndpoint: MethodDefinition<_depot_hooks_v1_CreateEndpointRequest, _depot_hooks_v1_Endpoint, _depot_hooks_v1_CreateEndpointRequest__Output, _depot_hooks_v1_Endpoint__Output>
  DeleteEndpoint: MethodDefinition<_depot_hooks_v1_EndpointRef, _depot_hooks_v1_Empty, _depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Empty__Output>
  GetEndpoint: MethodDefinition<_depot_hooks_v1_EndpointRef, _depot_hooks_v1_Endpoint, _depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Endpoint__Output>
  ListDeliveries: MethodDefinition<_depot_hooks_v1_ListDeliveriesRequest, _depot_hooks_v1_ListDeliveriesResponse, _depot_hooks_v1_ListDeliveriesRequest__Output, _depot_hooks_v1_ListDeliveriesResponse__Output>
  ListEndpoints: MethodDefinition<_depot_hooks_v1_Scope, _depot_hooks_v1_ListEndpointsResponse, _depot_hooks_v1_Scope__Output, _depot_hooks_v1_ListEndpointsResponse__Output>
  Redeliver: MethodDefinition<_depot_hooks_v1_RedeliverRequest, _depot_hooks_v1_Delivery, _depot_hooks_v1_RedeliverRequest__Output, _depot_hooks_v1_Delivery__Output>
  SendTest: MethodDefinition<_depot_hooks_v1_EndpointRef, _depot_hooks_v1_Delivery, _depot_hooks_v1_EndpointRef__Output, _depot_hooks_v1_Delivery__Output>
  UpdateEndpoint: MethodDefinition<_depot_hooks_v1_UpdateEndpointRequest, _depot_hooks_v1_Endpoint, _depot_hooks_v1_UpdateEndpointRequest__Output, _depot_hooks_v1_Endpoint__Output>
}
