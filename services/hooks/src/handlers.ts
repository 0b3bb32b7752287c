// gRPC surface of the hooks service: requests in, endpoint and delivery views out.
import type { AsyncHandlers } from '@depot/common/grpc';
import type { HooksServiceDefinition, hooksV1 } from '@depot/proto';
import type { Deliveries } from './deliveries';
import { endpointView, type EndpointFields, type Endpoints, type Scope } from './endpoints';
import type { Payloads } from './payloads';

const DELIVERIES_DEFAULT = 50;
const DELIVERIES_MAX = 200;

const NO_SCOPE: Scope = { modpack_id: 0, all_modpacks: false };
const scopeOf = (s: hooksV1.Scope__Output | null | undefined): Scope => s ?? NO_SCOPE;

export function hooksHandlers(
  endpoints: Endpoints,
  deliveries: Deliveries,
  payloads: Payloads,
  sent: () => void,
): AsyncHandlers<HooksServiceDefinition> {
  return {
    async CreateEndpoint(req) {
      const fields: EndpointFields = { url: req.url, events: req.events, description: req.description };
      if (req.secret !== undefined) fields.secret = req.secret;
      if (req.format !== undefined) fields.format = req.format;
      const { row, secret } = await endpoints.create(scopeOf(req.scope), fields);
      return endpointView(row, secret);
    },
    async ListEndpoints(scope) {
      return { endpoints: (await endpoints.list(scope)).map((row) => endpointView(row)) };
    },
    async GetEndpoint(req) {
      return endpointView(await endpoints.get(scopeOf(req.scope), req.id));
    },
    async UpdateEndpoint(req) {
      const fields: EndpointFields = {};
      if (req.url !== undefined) fields.url = req.url;
      if (req.present_events) fields.events = req.events;
      if (req.secret !== undefined) fields.secret = req.secret;
      if (req.format !== undefined) fields.format = req.format;
      if (req.description !== undefined) fields.description = req.description;
      if (req.enabled !== undefined) fields.enabled = req.enabled;
      const { row, secret } = await endpoints.update(scopeOf(req.scope), req.id, fields, req.rotate_secret);
      // Turned on again: what waited for it goes now.
      if (fields.enabled) sent();
      return endpointView(row, secret);
    },
    async DeleteEndpoint(req) {
      await endpoints.delete(scopeOf(req.scope), req.id);
      return {};
    },
    async ListDeliveries(req) {
      const endpoint = await endpoints.get(scopeOf(req.scope), req.endpoint_id);
      const limit = Math.min(Math.max(req.limit || DELIVERIES_DEFAULT, 1), DELIVERIES_MAX);
      return { deliveries: await deliveries.list(endpoint.id, limit) };
    },
    async Redeliver(req) {
      const endpoint = await endpoints.get(scopeOf(req.scope), req.endpoint_id);
      const delivery = await deliveries.redeliver(endpoint.id, req.delivery_id);
      sent();
      return delivery;
    },
    async SendTest(req) {
      const endpoint = await endpoints.get(scopeOf(req.scope), req.id);
      const delivery = await deliveries.test(endpoint.id, payloads.ping(endpoint.id));
      sent();
      return delivery;
    },
  };
}
