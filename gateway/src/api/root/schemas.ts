// What the API root, its document and the probes answer (api/schemas.ts for the shared parts).
import { z } from 'zod';
import { ANSWERS } from '../../messages';

export const apiInfo = z
  .strictObject({ api: z.literal('Depot'), version: z.string(), stream: z.string() })
  .meta({ id: 'ApiInfo', examples: [{ api: 'Depot', version: '0.1.0', stream: 'stable' }] });

export const healthy = z.strictObject({ status: z.literal('ok') });

export const ready = z.strictObject({ status: z.literal('ready') });

export const unready = z.strictObject({
  error: z.literal(ANSWERS.unavailable.message),
  unready: z.array(z.enum(['catalog', 'builds', 'auth'])),
});

/** The OpenAPI document itself (loosely: an object). */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.looseObject({}),
});
