// The name of a streamed body's file (route.ts `nameField`), from wherever the client put it, in
// this order (docs/api.md#the-files-name):
//   1. the query's field (`?file_name=jei-1.0.jar`), when the query has it at all (even empty);
//   2. the `filename` of a `Content-Disposition` request header, its RFC 8187 `filename*` (UTF-8)
//      preferred when it decodes, as RFC 6266 §4.3 asks;
//   3. the path's segment of the same name, on a route that has one (`curl -T jei-1.0.jar
//      https://…/archive/` sends `…/archive/jei-1.0.jar`).
// The name found is judged as the query's field, by its rules and with its messages.
import type * as ContentDisposition from 'content-disposition' with { 'resolution-mode': 'import' };

// An ESM-only package, loaded by `require` as Node (20.19 and later) does for @fastify/static,
// which depends on the same version; jest transforms it (jest.base.js).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- see above
const { parse } = require('content-disposition') as typeof ContentDisposition;

/**
 * The file name a `Content-Disposition` header gives: its `filename*` when that decodes (UTF-8 or
 * ISO-8859-1), else its `filename`; undefined without a header, without either parameter, or
 * without a disposition type (`filename=a.jar` alone is not the header's grammar). As given: an
 * empty one is judged as a missing name, a path is cut to its last part by the catalog.
 */
export function dispositionFileName(header: string | undefined): string | undefined {
  if (header === undefined) return undefined;
  // The library decodes `filename*` into `filename`, over a plain `filename` in either order.
  return parse(header).parameters.filename;
}

/** Where a request may name its file, besides the query. */
export interface NameSources {
  /** The `Content-Disposition` header. */
  disposition?: string;
  /** The path's segment named as the field (judged params). */
  segment?: unknown;
}

/** The query to judge: the request's, with `field` taken from the header or the path when the query has none. */
export function withFileName(
  query: Record<string, unknown>,
  field: string,
  { disposition, segment }: NameSources,
): Record<string, unknown> {
  if (query[field] !== undefined) return query;
  const name = dispositionFileName(disposition) ?? segment;
  return name === undefined ? query : { ...query, [field]: name };
}
