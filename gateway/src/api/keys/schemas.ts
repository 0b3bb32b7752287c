// What the platform key routes answer.
import { z } from 'zod';
import { id, timestamp } from '../schemas';

// ---- keys, clients, users, tokens ----

export const keyList = z
  .strictObject({ keys: z.array(z.strictObject({ id, name: z.string(), created_at: timestamp })) })
  .meta({ id: 'KeyList' });

export const keyCreated = z
  .strictObject({
    id,
    name: z.string(),
    api_key: z.string().meta({ description: 'Shown once, never listed.' }),
    created_at: timestamp,
  })
  .meta({ id: 'KeyCreated' });

export const keyVerified = z
  .strictObject({ valid: z.literal('Key validated.'), name: z.string(), created_at: timestamp })
  .meta({ id: 'KeyVerified' });

export type KeyVerified = z.infer<typeof keyVerified>;
