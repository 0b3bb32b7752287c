// What the launcher client routes answer.
import { z } from 'zod';
import { id, timestamp } from '../schemas';

export const client = z
  .strictObject({
    id,
    name: z.string(),
    uuid: z.string(),
    modpacks: z.array(id).meta({ description: 'Ids of the linked modpacks.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Client' });

export const clientList = z.strictObject({ clients: z.array(client) }).meta({ id: 'ClientList' });

export type Client = z.infer<typeof client>;
