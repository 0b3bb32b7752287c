import * as grpc from '@grpc/grpc-js';
import { DepotError, REASONS, type Reason } from '@depot/common';
import { toServiceError } from '@depot/common/grpc';
import { forbidden, HttpError, toHttpError, unauthenticated, unavailable } from '../../src/errors';
import { READ_WORDING } from '../../src/messages';

const STATUS: Record<Reason, number> = {
  VALIDATION: 422,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  UNAVAILABLE: 503,
  BUSY: 429,
  MOD_NOT_FOUND: 404,
  VERSION_NOT_FOUND: 404,
  MOD_NAME_TAKEN: 422,
  VERSION_EXISTS: 422,
  VERSION_IN_USE: 409,
  ARCHIVE_REFUSED: 422,
  ARCHIVE_MISSING: 502,
  ARCHIVE_UPSTREAM: 502,
  ARCHIVE_TOO_LARGE: 502,
  ARCHIVE_TIMEOUT: 504,
  ARCHIVE_UNREACHABLE: 502,
  // Hosted archives (services/catalog/src/archives): the statuses their gRPC codes map to until the
  // upload and download routes (phase 2 of issue 21) say otherwise.
  ARCHIVE_NOT_ZIP: 422,
  ARCHIVE_OVER_MAX: 413,
  ARCHIVE_INCOMPLETE: 400,
  ARCHIVE_EXISTS: 409,
  ARCHIVE_IN_BUILDS: 409,
  ARCHIVE_UPLOAD_CONFLICT: 409,
  ARCHIVE_MD5_MISMATCH: 409,
  ARCHIVE_NOT_HOSTED: 404,
  MODPACK_NOT_FOUND: 404,
  BUILD_NOT_FOUND: 404,
  MODPACK_TAKEN: 422,
  BUILD_VERSION_EXISTS: 422,
  ASSIGNMENT_EXISTS: 422,
  ASSIGNMENT_OTHER_VERSION: 422,
  ASSIGNMENT_NOT_FOUND: 404,
  RELEASE_BUILD_DIFFERS: 409,
  SERVER_PACK_UNAVAILABLE: 409,
  EXPORT_UNAVAILABLE: 409,
  JAR_NOT_FOUND: 404,
  EXPORT_FILE_NOT_FOUND: 404,
  CLONE_SOURCE_FORBIDDEN: 403,
  WEBHOOK_NOT_FOUND: 404,
  DELIVERY_NOT_FOUND: 404,
  WEBHOOK_LIMIT: 422,
  USER_NOT_FOUND: 404,
  USERNAME_TAKEN: 422,
  TOKEN_NOT_FOUND: 404,
  LAST_SUPER_USER_DELETED: 409,
  LAST_SUPER_USER_DEMOTED: 409,
  INVALID_CREDENTIALS: 422,
  INVALID_TWO_FACTOR: 422,
  TWO_FACTOR_ENABLED: 409,
  TWO_FACTOR_DISABLED: 409,
  TWO_FACTOR_NOT_STARTED: 409,
  TWO_FACTOR_UNAVAILABLE: 409,
  KEY_NOT_FOUND: 404,
  KEY_TAKEN: 422,
  INVALID_KEY: 403,
  CLIENT_NOT_FOUND: 404,
  CLIENT_TAKEN: 422,
};

/** A DepotError as the gateway's gRPC client receives it. */
function overTheWire(err: DepotError): grpc.ServiceError {
  const status = toServiceError(err);
  return Object.assign(new Error(`${status.code} ${status.details}`), {
    code: status.code!,
    details: status.details!,
    metadata: status.metadata!,
  });
}

describe('toHttpError', () => {
  it('covers every reason', () => {
    expect(Object.keys(STATUS).sort()).toEqual(Object.keys(REASONS).sort());
  });

  it.each(Object.entries(STATUS) as [Reason, number][])('%s → %i with its message', (reason, status) => {
    for (const err of [new DepotError(reason), overTheWire(new DepotError(reason))]) {
      const http = toHttpError(err);
      expect(http).toBeInstanceOf(HttpError);
      // Shed under load: when to try again.
      const headers = reason === 'BUSY' ? { 'retry-after': '1' } : {};
      expect(http).toMatchObject({ status, error: REASONS[reason].message, headers });
    }
  });

  it.each([
    ['USER_NOT_FOUND', 'User not found.'],
    ['TOKEN_NOT_FOUND', 'Token not found.'],
    ['KEY_NOT_FOUND', 'Key not found.'],
    ['CLIENT_NOT_FOUND', 'Client not found.'],
    ['INVALID_KEY', 'Invalid key provided.'],
    ['MOD_NOT_FOUND', 'Mod not found.'],
    ['VERSION_NOT_FOUND', 'Mod version not found.'],
    ['MODPACK_NOT_FOUND', 'Modpack not found.'],
    ['BUILD_NOT_FOUND', 'Build not found.'],
    ['VERSION_EXISTS', 'Version already exists for this mod.'],
    ['BUILD_VERSION_EXISTS', 'Build version already exists for this modpack.'],
    ['FORBIDDEN', 'This action is unauthorized.'],
    ['UNAUTHENTICATED', 'Unauthenticated.'],
  ] as [Reason, string][])('%s says %j, as the specs do', (reason, message) => {
    expect(toHttpError(new DepotError(reason))?.error).toBe(message);
  });

  it('keeps a message sent by the service (the in-use count)', () => {
    const message = 'Mod version is in use by 3 build(s) and cannot be deleted.';
    const err = new DepotError('VERSION_IN_USE', { count: 3 }, message);
    for (const e of [err, overTheWire(err)]) expect(toHttpError(e)).toMatchObject({ status: 409, error: message });
  });

  it('answers field violations as the error object', () => {
    const fields = { username: ['The username has already been taken.'] };
    for (const e of [DepotError.fields(fields, 'USERNAME_TAKEN'), overTheWire(DepotError.fields(fields))]) {
      expect(toHttpError(e)).toMatchObject({ status: 422, error: fields });
    }
  });

  it('applies READ_WORDING overrides only to the reasons they name', () => {
    expect(toHttpError(new DepotError('MOD_NOT_FOUND'), READ_WORDING)?.error).toBe('Mod does not exist');
    expect(toHttpError(new DepotError('VERSION_NOT_FOUND'), READ_WORDING)?.error).toBe('Mod version does not exist');
    expect(toHttpError(new DepotError('MODPACK_NOT_FOUND'), READ_WORDING)?.error).toBe('Modpack does not exist');
    expect(toHttpError(overTheWire(new DepotError('BUILD_NOT_FOUND')), READ_WORDING)).toMatchObject({
      status: 404,
      error: 'Build does not exist',
    });
    expect(toHttpError(new DepotError('USER_NOT_FOUND'), READ_WORDING)?.error).toBe('User not found.');
  });

  it('passes HttpErrors through unchanged', () => {
    const err = new HttpError(429, 'Too many requests.', { 'retry-after': '7' });
    expect(toHttpError(err)).toBe(err);
  });

  it.each([
    grpc.status.UNAVAILABLE,
    grpc.status.DEADLINE_EXCEEDED,
    grpc.status.CANCELLED,
    grpc.status.RESOURCE_EXHAUSTED,
  ])('answers an outage (gRPC code %i without a Depot reason) with 503', (code) => {
    const err = Object.assign(new Error('down'), { code, details: 'down', metadata: new grpc.Metadata() });
    expect(toHttpError(err)).toMatchObject({ status: 503, error: 'Service unavailable.' });
  });

  it('returns null for bugs, which become logged 500s', () => {
    expect(toHttpError(new Error('boom'))).toBeNull();
    expect(toHttpError(new TypeError('x is undefined'))).toBeNull();
    const internal = Object.assign(new Error('13 INTERNAL'), {
      code: grpc.status.INTERNAL,
      details: 'Internal error.',
      metadata: new grpc.Metadata(),
    });
    expect(toHttpError(internal)).toBeNull();
    expect(toHttpError(undefined)).toBeNull();
  });
});

describe('fixed errors', () => {
  it('are the bodies of docs/api.md#access-model and #rate-limits', () => {
    expect(unauthenticated()).toMatchObject({ status: 401, error: 'Unauthenticated.' });
    expect(forbidden()).toMatchObject({ status: 403, error: 'This action is unauthorized.' });
    expect(unavailable()).toMatchObject({ status: 503, error: 'Service unavailable.' });
  });
});
