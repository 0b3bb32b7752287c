// Bytes to text and text to JSON, refusing what a reader should not guess at: bytes that are not
// UTF-8 (a lossy decode would put U+FFFD into names and versions), and nesting deeper than any
// metadata file needs. mcmod.info files were written by hand and read by Gson in lenient mode, so
// a byte order mark and trailing commas are common in real jars: both are tolerated here.
import { Malformed } from './facts';

/** Deeper than any metadata file written for a loader; a deeper one is made to hurt a parser. */
export const MAX_DEPTH = 32;

const utf8 = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false });

/** UTF-8 text without its byte order mark; Malformed when the bytes are not UTF-8. */
export function decodeUtf8(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    throw new Malformed('not valid UTF-8');
  }
}

/**
 * JSON.parse after one pass over the text that measures the nesting and blanks the commas that
 * stand before a closing bracket (outside strings). Blanking keeps every offset, so JSON.parse's
 * own error positions still point into the file.
 */
export function parseJson(source: string): unknown {
  const trailing: number[] = [];
  let depth = 0;
  let inString = false;
  let lastComma = -1;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (inString) {
      if (c === '\\') i++;
      else if (c === '"') inString = false;
      continue;
    }
    if (c === '"') {
      inString = true;
      lastComma = -1;
    } else if (c === '{' || c === '[') {
      if (++depth > MAX_DEPTH) throw new Malformed(`nested deeper than ${MAX_DEPTH} levels`);
      lastComma = -1;
    } else if (c === '}' || c === ']') {
      depth--;
      if (lastComma >= 0) trailing.push(lastComma);
      lastComma = -1;
    } else if (c === ',') {
      lastComma = i;
    } else if (c !== ' ' && c !== '\t' && c !== '\n' && c !== '\r') {
      lastComma = -1;
    }
  }
  try {
    return JSON.parse(blank(source, trailing)) as unknown;
  } catch (err) {
    throw new Malformed(`not valid JSON (${(err as Error).message})`);
  }
}

/** `source` with a space at each of `at` (ascending). */
function blank(source: string, at: number[]): string {
  if (!at.length) return source;
  let out = '';
  let from = 0;
  for (const i of at) {
    out += `${source.slice(from, i)} `;
    from = i + 1;
  }
  return out + source.slice(from);
}
