// What the token routes answer.
import { z } from 'zod';
import { id, timestamp } from '../schemas';

export const tokenList = z
  .strictObject({
    tokens: z.array(
      z.strictObject({ id, name: z.string(), last_used_at: timestamp.nullable(), created_at: timestamp }),
    ),
  })
  .meta({ id: 'TokenList' });

export const tokenIssued = z
  .strictObject({
    token: z.strictObject({
      id,
      name: z.string(),
      plaintext: z.string().meta({ description: 'The bearer token; shown once.' }),
      created_at: timestamp,
    }),
  })
  .meta({ id: 'TokenIssued' });
