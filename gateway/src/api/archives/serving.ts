// What a download answers, from the archive's record alone (no byte read yet): its headers, and
// whether the request is fresh (304), asks for one range (206), for a range past the end (416),
// or for the whole file (200). `fresh` and `range-parser` are the jshttp packages Express and
// `send` use for the same rules (RFC 9110: If-None-Match over If-Modified-Since, If-Range, byte
// ranges); several ranges are answered with the whole file, which the RFC allows.
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
}

export type Serving =
  | { status: 304; headers: Record<string, string> }
  | { status: 416; headers: Record<string, string> }
  | { status: 200 | 206; headers: Record<string, string>; start: number; end: number };

/** The answer to a GET or HEAD of `record`, given the request's headers. */
export function serving(record: ArchiveRecord, req: IncomingHttpHeaders, maxAgeSeconds: number): Serving {
  // The md5 is the strong ETag, as the launcher's downloader and S3 use it.
  const etag = `"${record.md5}"`;
  const lastModified = new Date(record.recordedAt).toUTCString();
  const headers: Record<string, string> = {
    etag,
    'last-modified': lastModified,
    'cache-control': `public, max-age=${maxAgeSeconds}`,
    'accept-ranges': 'bytes',
  };
  // As an origin server (RFC 9110 §13): the validators decide, whatever Cache-Control says (`fresh`
  // alone answers a `no-cache` request in full, as fetch() sends with every conditional request).
  const conditional = { 'if-none-match': req['if-none-match'], 'if-modified-since': req['if-modified-since'] };
  if (fresh(conditional, { etag, 'last-modified': lastModified })) return { status: 304, headers };
  const whole = { status: 200 as const, headers, start: 0, end: record.size - 1 };
  const range = req.range;
  const ifRange = req['if-range'];
  if (!range || !rangeApplies(typeof ifRange === 'string' ? ifRange : undefined, etag, lastModified))
    return sized(whole);
  const ranges = parseRange(record.size, range, { combine: true });
  if (ranges === -1) {
    headers['content-range'] = `bytes */${record.size}`;
    return { status: 416, headers };
  }
  // Malformed (-2), not bytes, or several: the whole file.
  if (ranges === -2 || ranges.type !== 'bytes' || ranges.length !== 1) return sized(whole);
  const { start, end } = ranges[0];
  headers['content-range'] = `bytes ${start}-${end}/${record.size}`;
  return sized({ status: 206 as const, headers, start, end });
}

function sized<S extends { headers: Record<string, string>; start: number; end: number }>(s: S): S {
  s.headers['content-type'] = 'application/zip';
  s.headers['content-length'] = String(s.end - s.start + 1);
  return s;
}

/** If-Range: the range applies only while the archive is the one it names (ETag, or a date). */
function rangeApplies(ifRange: string | undefined, etag: string, lastModified: string): boolean {
  if (!ifRange) return true;
  if (ifRange.includes('"')) return ifRange.trim() === etag;
  const since = Date.parse(ifRange);
  return Number.isFinite(since) && Date.parse(lastModified) <= since;
}
