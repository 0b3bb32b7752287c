// Domain errors shared by every service and the gateway. A service throws a DepotError; it
// travels as a gRPC status (code + message) with its reason and details in trailing metadata
// (grpc/errors.ts); the gateway turns it back into a DepotError and alone maps it to an HTTP
// status and body.
import * as grpc from '@grpc/grpc-js';

export type FieldErrors = Record<string, string[]>;

// Each reason: the gRPC code it travels with and the message the REST API shows for writes.
export const REASONS = {
  VALIDATION: { code: grpc.status.INVALID_ARGUMENT, message: 'The given data was invalid.' },
  UNAUTHENTICATED: { code: grpc.status.UNAUTHENTICATED, message: 'Unauthenticated.' },
  FORBIDDEN: { code: grpc.status.PERMISSION_DENIED, message: 'This action is unauthorized.' },
  UNAVAILABLE: { code: grpc.status.UNAVAILABLE, message: 'Service unavailable.' },
  // Refused at once, untried, because a bounded queue of costly work is full (auth's password
  // hashing, passwords.ts): no outage, so not UNAVAILABLE; the gateway answers 429 with Retry-After.
  BUSY: { code: grpc.status.RESOURCE_EXHAUSTED, message: 'Too many requests.' },

  MOD_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Mod not found.' },
  VERSION_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Mod version not found.' },
  MOD_NAME_TAKEN: { code: grpc.status.ALREADY_EXISTS, message: 'The name has already been taken.' },
  VERSION_EXISTS: { code: grpc.status.ALREADY_EXISTS, message: 'Version already exists for this mod.' },
  VERSION_IN_USE: { code: grpc.status.FAILED_PRECONDITION, message: 'Mod version is in use.' },
  // A version's archive that could not be hashed (the catalog's archive-problems.ts), by cause;
  // the message says more. Never UNAVAILABLE or DEADLINE_EXCEEDED: those mean a Depot service is down.
  ARCHIVE_REFUSED: { code: grpc.status.INVALID_ARGUMENT, message: 'The archive URL may not be fetched.' },
  ARCHIVE_MISSING: { code: grpc.status.FAILED_PRECONDITION, message: 'The archive is missing.' },
  ARCHIVE_UPSTREAM: { code: grpc.status.FAILED_PRECONDITION, message: 'The archive server failed.' },
  ARCHIVE_TOO_LARGE: { code: grpc.status.FAILED_PRECONDITION, message: 'The archive is too large.' },
  ARCHIVE_TIMEOUT: { code: grpc.status.FAILED_PRECONDITION, message: 'The archive did not arrive in time.' },
  ARCHIVE_UNREACHABLE: { code: grpc.status.FAILED_PRECONDITION, message: 'The archive server cannot be reached.' },
  // An archive uploaded to Depot's store (services/catalog/src/archives, docs/archives.md), refused
  // with nothing stored or recorded.
  ARCHIVE_NOT_ZIP: { code: grpc.status.INVALID_ARGUMENT, message: 'The file is not a zip or jar archive.' },
  ARCHIVE_OVER_MAX: { code: grpc.status.INVALID_ARGUMENT, message: 'The archive is larger than the server accepts.' },
  ARCHIVE_INCOMPLETE: { code: grpc.status.INVALID_ARGUMENT, message: 'The upload was cut short.' },
  ARCHIVE_EXISTS: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'The version already has a different archive: ask to replace it.',
  },
  // A replace of an archive that builds use, not confirmed (replace_in_builds): the message names them.
  ARCHIVE_IN_BUILDS: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'The version is in builds: launchers would download the new archive under the same version.',
  },
  ARCHIVE_UPLOAD_CONFLICT: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'Another upload to this version finished first.',
  },
  // Adopting an old mirror's archive (docs/archives.md#adopt): its bytes are not the ones recorded.
  ARCHIVE_MD5_MISMATCH: {
    code: grpc.status.FAILED_PRECONDITION,
    message: "The archive's md5 is not the one the version records.",
  },
  ARCHIVE_NOT_HOSTED: { code: grpc.status.NOT_FOUND, message: "Depot does not host this version's archive." },

  MODPACK_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Modpack not found.' },
  BUILD_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Build not found.' },
  MODPACK_TAKEN: { code: grpc.status.ALREADY_EXISTS, message: 'The modpack already exists.' },
  BUILD_VERSION_EXISTS: { code: grpc.status.ALREADY_EXISTS, message: 'Build version already exists for this modpack.' },
  ASSIGNMENT_EXISTS: { code: grpc.status.ALREADY_EXISTS, message: 'Mod version already in build.' },
  ASSIGNMENT_OTHER_VERSION: {
    code: grpc.status.ALREADY_EXISTS,
    message: 'Another version of this mod is already in the build. Use PUT to update it.',
  },
  ASSIGNMENT_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Mod not in this build.' },
  // A release (docs/releases.md) of a build version that exists with other mods or settings.
  // A build whose server pack cannot be made (docs/archives.md#server-packs): the message says which
  // archive and why.
  SERVER_PACK_UNAVAILABLE: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'No server pack can be made for this build.',
  },
  // A build whose export (docs/exports.md) cannot be made at all: larger than ARCHIVE_MAX_BYTES.
  EXPORT_UNAVAILABLE: { code: grpc.status.FAILED_PRECONDITION, message: 'No export can be made for this build.' },
  // A path a build's packwiz tree does not have.
  EXPORT_FILE_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Not found.' },
  // A jar Depot has not taken out of a hosted archive (docs/exports.md).
  JAR_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Jar not found.' },
  RELEASE_BUILD_DIFFERS: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'The build exists with other contents.',
  },
  // A build create's clone_from_modpack names a modpack the caller may not manage (Solder's wording).
  CLONE_SOURCE_FORBIDDEN: {
    code: grpc.status.PERMISSION_DENIED,
    message: 'You do not have permission to clone from that modpack.',
  },

  // Webhooks (docs/webhooks.md): an endpoint or delivery outside the caller's scope is not found.
  WEBHOOK_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Webhook not found.' },
  DELIVERY_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Delivery not found.' },
  // Over HOOKS_MAX_PER_MODPACK or HOOKS_MAX_TOTAL: the message names the limit.
  WEBHOOK_LIMIT: { code: grpc.status.INVALID_ARGUMENT, message: 'Too many webhooks.' },

  USER_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'User not found.' },
  USERNAME_TAKEN: { code: grpc.status.ALREADY_EXISTS, message: 'The username has already been taken.' },
  TOKEN_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Token not found.' },
  // Depot always keeps a solder_full user (Solder's words for the delete).
  LAST_SUPER_USER_DELETED: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'Cannot delete the only remaining super user.',
  },
  LAST_SUPER_USER_DEMOTED: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'Cannot take solder_full from the only remaining super user.',
  },
  // One answer for an unknown login, a wrong password and an account without one.
  INVALID_CREDENTIALS: { code: grpc.status.UNAUTHENTICATED, message: 'These credentials do not match our records.' },
  // The second step of a sign-in: a wrong, used or late code, an unknown or expired challenge alike.
  INVALID_TWO_FACTOR: { code: grpc.status.UNAUTHENTICATED, message: 'The provided two-factor code was invalid.' },
  TWO_FACTOR_ENABLED: { code: grpc.status.FAILED_PRECONDITION, message: 'Two-factor sign-in is already on.' },
  TWO_FACTOR_DISABLED: { code: grpc.status.FAILED_PRECONDITION, message: 'Two-factor sign-in is off.' },
  TWO_FACTOR_NOT_STARTED: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'Two-factor sign-in is not being set up: start again.',
  },
  TWO_FACTOR_UNAVAILABLE: {
    code: grpc.status.FAILED_PRECONDITION,
    message: 'Two-factor sign-in is not available on this server (TOTP_ENCRYPTION_KEY is not set).',
  },
  KEY_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Key not found.' },
  KEY_TAKEN: { code: grpc.status.ALREADY_EXISTS, message: 'The api_key has already been taken.' },
  INVALID_KEY: { code: grpc.status.NOT_FOUND, message: 'Invalid key provided.' },
  CLIENT_NOT_FOUND: { code: grpc.status.NOT_FOUND, message: 'Client not found.' },
  CLIENT_TAKEN: { code: grpc.status.ALREADY_EXISTS, message: 'The uuid has already been taken.' },
} as const;

export type Reason = keyof typeof REASONS;

/** Laravel's `exists` message: a field naming a record (a modpack slug or id) that does not exist. */
export const SELECTED_INVALID = 'The selected :attribute is invalid.';

export interface DepotErrorDetails {
  /** Field violations (Laravel style messages), for VALIDATION and *_TAKEN reasons. */
  fields?: FieldErrors;
  /** How many builds use a version, for VERSION_IN_USE. */
  count?: number;
}

export class DepotError extends Error {
  readonly code: grpc.status;
  constructor(
    readonly reason: Reason,
    readonly details: DepotErrorDetails = {},
    message?: string,
  ) {
    super(message ?? REASONS[reason].message);
    this.name = 'DepotError';
    this.code = REASONS[reason].code;
  }

  /** 422-style field violations: `{ name: ['The name has already been taken.'] }`. */
  static fields(fields: FieldErrors, reason: Reason = 'VALIDATION'): DepotError {
    return new DepotError(reason, { fields });
  }
}

/** `{ <field>: ['The selected <field> is invalid.'] }` as a VALIDATION error, for a service. */
export const selectedInvalid = (field: string): DepotError =>
  DepotError.fields({ [field]: [SELECTED_INVALID.replace(':attribute', field)] });
