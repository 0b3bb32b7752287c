// Exit codes: what a CI job can tell from the status alone.
import { DepotApiError, DepotUnreachableError } from '../src/api';
import { EXIT_OK, EXIT_REFUSED, EXIT_UNAVAILABLE, EXIT_USAGE, exitCodeFor } from '../src/exit-codes';
import { UsageError } from '../src/options';

const api = (status: number) => exitCodeFor(new DepotApiError(status, { error: 'x' }, 'the release'));

test('the documented values', () => {
  expect([EXIT_OK, EXIT_REFUSED, EXIT_USAGE, EXIT_UNAVAILABLE]).toEqual([0, 1, 2, 3]);
});

test('usage errors: 2', () => {
  expect(exitCodeFor(new UsageError('--pack is required'))).toBe(EXIT_USAGE);
  // A file that vanished or cannot be read mid-way, and a redirect (the --url is not Depot's API).
  expect(exitCodeFor(Object.assign(new Error('ENOENT'), { code: 'ENOENT', syscall: 'open' }))).toBe(EXIT_USAGE);
  expect(api(301)).toBe(EXIT_USAGE);
  expect(api(308)).toBe(EXIT_USAGE);
});

test('Depot refused (4xx, 409 included): 1', () => {
  for (const status of [400, 401, 403, 404, 409, 413, 415, 422]) expect(api(status)).toBe(EXIT_REFUSED);
});

test('Depot unreachable or failing (network, 5xx, 429 and 408): 3', () => {
  for (const status of [408, 429, 500, 502, 503, 504]) expect(api(status)).toBe(EXIT_UNAVAILABLE);
  // A success whose body was not the expected JSON.
  expect(api(200)).toBe(EXIT_UNAVAILABLE);
  expect(exitCodeFor(new DepotUnreachableError('http://x', new TypeError('fetch failed')))).toBe(EXIT_UNAVAILABLE);
});

test('anything else (a bug): 1', () => {
  expect(exitCodeFor(new Error('boom'))).toBe(EXIT_REFUSED);
  expect(exitCodeFor('boom')).toBe(EXIT_REFUSED);
});
