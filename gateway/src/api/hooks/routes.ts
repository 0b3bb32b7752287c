// Webhooks (docs/webhooks.md): an operator's endpoints for every modpack (`solder_full`, under
// /api/manage/hooks) and an author's for a modpack they manage (`modpacks_manage` and access to it,
// checked with builds' CheckTarget, under /api/manage/modpacks/{slug}/hooks). One declaration of
// each route serves both: what differs is the access and the scope the hooks service is asked in.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { hooksV1 } from '@depot/proto';
import { reasonMessage } from '../../messages';
import { idSegment, route, segment, type Context } from '../../pipeline/route';
import { invalid } from '../../pipeline/route-docs';
import { modpackParams } from '../modpacks/modpacks';
import * as schemas from '../schemas';
import * as res from './schemas';
import { deliveryView, endpointView } from './views';

const webhookId = idSegment('WEBHOOK_NOT_FOUND', 'Numeric id of the webhook.');
const deliveryId = segment('DELIVERY_NOT_FOUND', 'Id of the delivery (its `Depot-Delivery` header).');

const LIMITS = invalid(
  '`{"error": {"url": ["The url must be an https URL."]}}`, `{"error": {"secret": ["The secret must be between 32 ' +
    'and 256 bytes."]}}`, `{"error": "A modpack has at most 20 webhooks."}` and the other refusals of ' +
    'docs/webhooks.md#limits',
);

type Scope = hooksV1.Scope;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- any route's context
type AnyContext = Context<any, any, any>;

/** The path's webhook (and delivery) of a request of either family. */
const ids = (ctx: AnyContext) => ctx.params as { id: number; delivery?: string };

/** The routes of one family: its URL prefix, its access and how a request's scope is found. */
interface Family {
  prefix: string;
  params: z.ZodObject;
  access: { access: 'solder_full' } | { access: 'modpacks_manage'; modpackAccess: true };
  scopeOf(ctx: AnyContext): Promise<Scope>;
  what: string;
}

export function hookRoutes(app: FastifyInstance) {
  const { hooks } = app.deps.clients;
  const families: Family[] = [
    {
      prefix: '/api/manage/hooks',
      params: z.object({}),
      access: { access: 'solder_full' },
      scopeOf: async () => ({ all_modpacks: true }),
      what: 'every modpack (an operator’s)',
    },
    {
      prefix: '/api/manage/modpacks/:slug/hooks',
      params: modpackParams,
      access: { access: 'modpacks_manage', modpackAccess: true },
      scopeOf: async ({ params, builds }) => ({
        modpack_id: (await builds.CheckTarget({ slug: (params as { slug: string }).slug })).modpack_id,
      }),
      what: 'the modpack',
    },
  ];
  return families.flatMap((f) => familyRoutes(f, hooks));
}

function familyRoutes(f: Family, hooks: FastifyInstance['deps']['clients']['hooks']) {
  const one = f.params.extend({ id: webhookId });
  const common = { tag: 'Management' as const, ...f.access };
  return [
    route({
      ...common,
      method: 'GET',
      url: f.prefix,
      summary: `List the webhooks of ${f.what}`,
      params: f.params,
      response: res.endpointList,
      returns: 'The webhooks (never their secrets).',
      handler: async (ctx) => ({
        webhooks: (await hooks.ListEndpoints(await f.scopeOf(ctx))).endpoints.map(endpointView),
      }),
    }),
    route({
      ...common,
      method: 'POST',
      url: f.prefix,
      summary: `Add a webhook for ${f.what}`,
      description: 'Without `secret` one is made. The secret is shown in this answer only (docs/webhooks.md).',
      params: f.params,
      body: res.createBody,
      status: 201,
      response: res.endpointWithSecret,
      returns: 'The webhook, with its secret.',
      answers: { 422: LIMITS },
      handler: async (ctx) => {
        const e = await hooks.CreateEndpoint({ scope: await f.scopeOf(ctx), ...ctx.body });
        return { ...endpointView(e), secret: e.secret ?? '' };
      },
    }),
    route({
      ...common,
      method: 'GET',
      url: `${f.prefix}/:id`,
      summary: 'A webhook',
      params: one,
      response: res.endpoint,
      returns: 'The webhook (never its secret).',
      handler: async (ctx) => endpointView(await hooks.GetEndpoint({ scope: await f.scopeOf(ctx), id: ids(ctx).id })),
    }),
    route({
      ...common,
      method: 'PUT',
      url: `${f.prefix}/:id`,
      summary: 'Change a webhook',
      description: 'The fields given change. A new `secret` (or `rotate_secret`) is shown in this answer only.',
      params: one,
      body: res.updateBody,
      response: res.endpoint.extend({ secret: z.string().optional() }),
      returns: 'The webhook as it is now.',
      answers: { 422: LIMITS },
      handler: async (ctx) => {
        const { events, rotate_secret, ...rest } = ctx.body;
        const e = await hooks.UpdateEndpoint({
          scope: await f.scopeOf(ctx),
          id: ids(ctx).id,
          ...rest,
          events: events ?? [],
          present_events: events !== undefined,
          rotate_secret: rotate_secret ?? false,
        });
        return { ...endpointView(e), ...(e.secret !== undefined ? { secret: e.secret } : {}) };
      },
    }),
    route({
      ...common,
      method: 'DELETE',
      url: `${f.prefix}/:id`,
      summary: 'Delete a webhook',
      description: 'Its deliveries, sent or waiting, go with it.',
      params: one,
      response: schemas.success('Webhook deleted.'),
      returns: 'Deleted.',
      handler: async (ctx) => {
        await hooks.DeleteEndpoint({ scope: await f.scopeOf(ctx), id: ids(ctx).id });
        return { success: 'Webhook deleted.' as const };
      },
    }),
    route({
      ...common,
      method: 'GET',
      url: `${f.prefix}/:id/deliveries`,
      summary: "A webhook's delivery log",
      description:
        'Newest first: each delivery’s state, attempts, last status and latency, and the answer’s first bytes.',
      params: one,
      query: res.deliveriesQuery,
      response: res.deliveryList,
      returns: 'The deliveries.',
      answers: { 422: invalid() },
      handler: async (ctx) => {
        const { deliveries } = await hooks.ListDeliveries({
          scope: await f.scopeOf(ctx),
          endpoint_id: ids(ctx).id,
          limit: ctx.query.limit ?? 0,
        });
        return { deliveries: deliveries.map(deliveryView) };
      },
    }),
    route({
      ...common,
      method: 'POST',
      url: `${f.prefix}/:id/deliveries/:delivery/redeliver`,
      summary: 'Send a delivery again',
      description: 'Queued at once, with the same `Depot-Delivery` id (receivers deduplicate on it).',
      params: one.extend({ delivery: deliveryId }),
      body: res.noBody,
      response: res.delivery,
      returns: 'The delivery, pending.',
      answers: { 404: `"${reasonMessage('DELIVERY_NOT_FOUND')}": no such delivery of this webhook.` },
      handler: async (ctx) =>
        deliveryView(
          await hooks.Redeliver({
            scope: await f.scopeOf(ctx),
            endpoint_id: ids(ctx).id,
            delivery_id: ids(ctx).delivery!,
          }),
        ),
    }),
    route({
      ...common,
      method: 'POST',
      url: `${f.prefix}/:id/test`,
      summary: 'Send a test event',
      description: 'A `ping` event, signed as any other, to this webhook only (even when it is disabled).',
      params: one,
      body: res.noBody,
      response: res.delivery,
      returns: 'The test delivery, pending.',
      handler: async (ctx) => deliveryView(await hooks.SendTest({ scope: await f.scopeOf(ctx), id: ids(ctx).id })),
    }),
  ];
}
