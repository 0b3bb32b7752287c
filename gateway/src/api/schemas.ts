// Shapes of the response bodies of the public API, as zod schemas: here what every area answers
// (errors, `success`) and the parts several areas' records share; each area's own beside
// its routes (api/<area>/schemas.ts). Routes declare them (pipeline/route.ts), so the OpenAPI
// document and the typed client show them; the view builders that make the bodies return their
// types, so a field added to a body and not to its schema, or the reverse, fails the type check.
// Objects are strict (`additionalProperties: false`).
import { z } from 'zod';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export const timestamp = z
  .string()
  .regex(TIMESTAMP)
  .meta({ description: 'UTC time with microseconds and a trailing Z.', examples: ['2024-01-02T03:04:05.000000Z'] });

export const id = z.number().int().min(1).max(2147483647);

export const nullableString = z.string().nullable();

export const md5 = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .meta({ description: 'MD5 of the archive, 32 lowercase hex digits.' });

/** Absent unless set and the caller holds mods_manage or solder_full (docs/api.md#private-notes). */
export const notes = z
  .string()
  .optional()
  .meta({ description: 'Private notes: present only when set and the caller holds mods_manage or solder_full.' });

export const downloadUrl = z.string().meta({
  description: "The version's own url when it has one, else {mirror_url}/mods/{name}/{name}-{version}.zip",
});

// ---- errors and plain answers ----

/** Every error: a message, or (422) a message list per failing field. */
export const errorBody = z
  .strictObject({
    error: z.union([
      z.string().meta({ examples: ['Mod does not exist'] }),
      z.record(z.string(), z.array(z.string())).meta({
        description: 'Field name → messages (validation).',
        examples: [{ name: ['The name field is required.'] }],
      }),
    ]),
  })
  .meta({ id: 'Error' });

/** `{"success": "<message>"}` with this exact message. */
export const success = (message: string) => z.strictObject({ success: z.literal(message) });
