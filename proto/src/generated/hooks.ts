import type * as grpc from '@grpc/grpc-js';
import type { MessageTypeDefinition } from '@grpc/proto-loader';

import type { CreateEndpointRequest as _depot_hooks_v1_CreateEndpointRequest, CreateEndpointRequest__Output as _depot_hooks_v1_CreateEndpointRequest__Output } from './depot/hooks/v1/CreateEndpointRequest';
import type { Delivery as _depot_hooks_v1_Delivery, Delivery__Output as _depot_hooks_v1_Delivery__Output } from './depot/hooks/v1/Delivery';
import type { Empty as _depot_hooks_v1_Empty, Empty__Output as _depot_hooks_v1_Empty__Output } from './depot/hooks/v1/Empty';
import type { Endpoint as _depot_hooks_v1_Endpoint, Endpoint__Output as _depot_hooks_v1_Endpoint__Output } from './depot/hooks/v1/Endpoint';
import type { EndpointRef as _depot_hooks_v1_EndpointRef, EndpointRef__Output as _depot_hooks_v1_EndpointRef__Output } from './depot/hooks/v1/EndpointRef';
import type { HooksServiceClient as _depot_hooks_v1_HooksServiceClient, HooksServiceDefinition as _depot_hooks_v1_HooksServiceDefinition } from './depot/hooks/v1/HooksService';
import type { ListDeliveriesRequest as _depot_hooks_v1_ListDeliveriesRequest, ListDeliveriesRequest__Output as _depot_hooks_v1_ListDeliveriesRequest__Output } from './depot/hooks/v1/ListDeliveriesRequest';
import type { ListDeliveriesResponse as _depot_hooks_v1_ListDeliveriesResponse, ListDeliveriesResponse__Output as _depot_hooks_v1_ListDeliveriesResponse__Output } from './depot/hooks/v1/ListDeliveriesResponse';
import type { ListEndpointsResponse as _depot_hooks_v1_ListEndpointsResponse, ListEndpointsResponse__Output as _depot_hooks_v1_ListEndpointsResponse__Output } from './depot/hooks/v1/ListEndpointsResponse';
import type { RedeliverRequest as _depot_hooks_v1_RedeliverRequest, RedeliverRequest__Output as _depot_hooks_v1_RedeliverRequest__Output } from './depot/hooks/v1/RedeliverRequest';
import type { Scope as _depot_hooks_v1_Scope, Scope__Output as _depot_hooks_v1_Scope__Output } from './depot/hooks/v1/Scope';
import type { UpdateEndpointRequest as _depot_hooks_v1_UpdateEndpointRequest, UpdateEndpointRequest__Output as _depot_hooks_v1_UpdateEndpointRequest__Output } from './depot/hooks/v1/UpdateEndpointRequest';

type SubtypeConstructor<Constructor extends new (...args: any) => any, Subtype> = {
  new(...args: ConstructorParameters<Constructor>): Subtype;
};

export interface ProtoGrpcType {
  depot: {
    hooks: {
      v1: {
        CreateEndpointRequest: MessageTypeDefinition<_depot_hooks_v1_CreateEndpointRequest, _depot_hooks_v1_CreateEndpointRequest__Output>
        Delivery: MessageTypeDefinition<_depot_hooks_v1_Delivery, _depot_hooks_v1_Delivery__Output>
        Empty: MessageTypeDefinition<_depot_hooks_v1_Empty, _depot_hooks_v1_Empty__Output>
        Endpoint: MessageTypeDefinition<_depot_hooks_v1_Endpoint, _depot_hooks_v1_Endpoint__Output>
        EndpointRef: MessageTypeDefinition<_depot_hooks_v1_EndpointRef, _depot_hooks_v1_EndpointRef__Output>
        HooksService: SubtypeConstructor<typeof grpc.Client, _depot_hooks_v1_HooksServiceClient> & { service: _depot_hooks_v1_HooksServiceDefinition }
        ListDeliveriesRequest: MessageTypeDefinition<_depot_hooks_v1_ListDeliveriesRequest, _depot_hooks_v1_ListDeliveriesRequest__Output>
        ListDeliveriesResponse: MessageTypeDefinition<_depot_hooks_v1_ListDeliveriesResponse, _depot_hooks_v1_ListDeliveriesResponse__Output>
        ListEndpointsResponse: MessageTypeDefinition<_depot_hooks_v1_ListEndpointsResponse, _depot_hooks_v1_ListEndpointsResponse__Output>
        RedeliverRequest: MessageTypeDefinition<_depot_hooks_v1_RedeliverRequest, _depot_hooks_v1_RedeliverRequest__Output>
        Scope: MessageTypeDefinition<_depot_hooks_v1_Scope, _depot_hooks_v1_Scope__Output>
        UpdateEndpointRequest: MessageTypeDefinition<_depot_hooks_v1_UpdateEndpointRequest, _depot_hooks_v1_UpdateEndpointRequest__Output>
      }
    }
  }
}

