// What a download answers, from the archive's record alone (no byte read yet): its headers, and
// whether the request is fresh (304), asks for one range (206), for a range past the end (416),
// or for the whole file (200). `fresh` and `range-parser` are the jshttp packages Express and
// `send` use for the same rules (RFC 9110: If-None-Match over If-Modified-Since, If-Range, byte
// ranges); several ranges are answered with the whole file, which the RFC allows. The headers
// Depot itself sets on a zip are shared with the pull-through (plugins/pull-through.ts), so that a
// download answers in the same shape whoever holds the bytes.
import type { IncomingHttpHeaders } from 'node:http';
import fresh from 'fresh';
import parseRange from 'range-parser';

export interface ArchiveRecord {
  /** The sha256 naming the object in the store. */
  sha256: string;
  size: number;
  md5: string;
  /** When the archive was recorded (an API timestamp). */
  recordedAt: string;
  /** The response cache tags of what it belongs to: its surrogate keys (cache/policy.ts). */
  tags?: readonly string[];
}

export type Serving =
  | { status: 304; headers: Record<string, string> }
  | { status: 416; headers: Record<string, string> }
  | { status: 200 | 206; headers: Record<string, string>; start: number; end: number };

/**
 * The answer to a GET or HEAD of `record`, served as `file`, given the request's headers;
 * `cacheControl` from the caching policy (cache/policy.ts `downloadCacheControl`).
 */
export function serving(record: ArchiveRecord, file: string, req: IncomingHttpHeaders, cacheControl: string): Serving {
  // The md5 is the strong ETag, as the launcher's downloader and S3 use it.
  const etag = `"${record.md5}"`;
  const lastModified = new Date(record.recordedAt).toUTCString();
  const headers: Record<string, string> = {
    etag,
    'last-modified': lastModified,
    'cache-control': cacheControl,
    'accept-ranges': 'bytes',
  };
  // As an origin server (RFC 9110 §13): the validators decide, whatever Cache-Control says (`fresh`
  // alone answers a `no-cache` request in full, as fetch() sends with every conditional request).
  const conditional = { 'if-none-match': req['if-none-match'], 'if-modified-since': req['if-modified-since'] };
  if (fresh(conditional, { etag, 'last-modified': lastModified })) return { status: 304, headers };
  const whole = { status: 200 as const, headers, start: 0, end: record.size - 1 };
  const ifRange = req['if-range'];
  const specs = byteRangeSpecs(req.range);
  if (!specs || !rangeApplies(typeof ifRange === 'string' ? ifRange : undefined, etag, lastModified))
    return sized(whole, file);
  const ranges = parseRange(record.size, `bytes=${specs.join(',')}`, { combine: true });
  if (ranges === -1) {
    headers['content-range'] = `bytes */${record.size}`;
    return { status: 416, headers };
  }
  // Several (the specs were checked above, so never malformed): the whole file.
  if (ranges === -2 || ranges.length !== 1) return sized(whole, file);
  const { start, end } = ranges[0];
  headers['content-range'] = `bytes ${start}-${end}/${record.size}`;
  return sized({ status: 206 as const, headers, start, end }, file);
}

/** `Cache-Control` of every download answer: caches may keep it ARCHIVE_CACHE_MAX_AGE_SECONDS. */
export const cacheControl = (maxAgeSeconds: number) => `public, max-age=${maxAgeSeconds}`;

/** What Depot says the bytes of a 200 or 206 are, hosted or pulled through: a zip to save as `file`. */
export const zipHeaders = (file: string): Record<string, string> => ({
  'content-type': 'application/zip',
  'content-disposition': attachment(file),
});

function sized<S extends { headers: Record<string, string>; start: number; end: number }>(s: S, file: string): S {
  Object.assign(s.headers, zipHeaders(file));
  s.headers['content-length'] = String(s.end - s.start + 1);
  return s;
}

/**
 * `Content-Disposition: attachment` naming `file` (RFC 6266): a quoted ASCII `filename`, and when
 * the name is more than that (a version may hold any character but controls and slashes), the
 * exact name as `filename*` in UTF-8 (RFC 8187), which every current browser prefers. A `%XX` in
 * the plain form would be decoded by some browsers: such a name gets `filename*` too.
 */
export function attachment(file: string): string {
  const plain = /^[\x20-\x7e]*$/.test(file) && !/["\\]|%[0-9A-Fa-f]{2}/.test(file);
  if (plain) return `attachment; filename="${file}"`;
  const fallback = file.replace(/[^\x20-\x7e]|["\\%]/gu, '_');
  // encodeURIComponent leaves `'()*` as they are, which RFC 8187's attr-char does not allow.
  const exact = encodeURIComponent(file).replace(/['()*]/g, (c) => `%${c.charCodeAt(0).toString(16).toUpperCase()}`);
  return `attachment; filename="${fallback}"; filename*=UTF-8''${exact}`;
}

/** One range-spec of the `bytes` unit (RFC 9110 §14.1.1, §14.1.2): `first-last`, `first-` or `-suffix`. */
const BYTE_RANGE_SPEC = /^(?:(\d+)-(\d*)|-\d+)$/;

/**
 * The range-specs of a `Range: bytes=…` that RFC 9110's grammar allows (the unit in any case,
 * optional whitespace and empty elements around the commas), or undefined when there is none or
 * it is malformed: `bytes=-5-10`, `bytes=5-2` (last before first), `bytes=0x1-5`. A server ignores
 * such a Range (§14.2), answering the whole file; range-parser alone would read some of them as a
 * range (`-5-10` as the last 5 bytes) or as unsatisfiable (`5-2`: 416).
 */
export function byteRangeSpecs(range: string | undefined): string[] | undefined {
  if (range === undefined) return undefined;
  const eq = range.indexOf('=');
  if (eq < 0 || range.slice(0, eq).toLowerCase() !== 'bytes') return undefined;
  const specs = range
    .slice(eq + 1)
    .split(',')
    .map((s) => s.replace(/^[ \t]+|[ \t]+$/g, ''))
    .filter((s) => s !== '');
  const valid = (spec: string) => {
    const m = BYTE_RANGE_SPEC.exec(spec);
    return m !== null && (m[2] === undefined || m[2] === '' || BigInt(m[1]) <= BigInt(m[2]));
  };
  return specs.length > 0 && specs.every(valid) ? specs : undefined;
}

/**
 * If-Range (RFC 9110 §13.1.5): the range applies only while the archive is the one it names. An
 * entity tag matches by strong comparison (a weak one never); a date only when it is exactly the
 * Last-Modified Depot sends, not any later date.
 */
function rangeApplies(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (ifRange === undefined) return true;
  const validator = ifRange.trim();
  return validator.includes('"') ? validator === etag : validator === lastModified;
}
