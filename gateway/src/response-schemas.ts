// Shapes of every response body of the public API, as zod schemas. Routes declare them
// (route.ts), so the OpenAPI document and the typed client show them; the view builders that make
// the bodies (views.ts, modpack-views.ts) return their types, so a field added to a body and not to
// its schema, or the reverse, fails the type check; and the end-to-end tests validate real answers
// against them. Objects are strict (`additionalProperties: false`).
import { z } from 'zod';
import { FINDING_CODES } from '@depot/common';
import { ANSWERS } from './messages';

const TIMESTAMP = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/;

export const timestamp = z
  .string()
  .regex(TIMESTAMP)
  .meta({ description: 'UTC time with microseconds and a trailing Z.', examples: ['2024-01-02T03:04:05.000000Z'] });
const id = z.number().int().min(1).max(2147483647);
const nullableString = z.string().nullable();
const md5 = z
  .string()
  .regex(/^[0-9a-f]{32}$/)
  .meta({ description: 'MD5 of the archive, 32 lowercase hex digits.' });
/** Absent unless set and the caller holds mods_manage or solder_full (docs/api.md#private-notes). */
const notes = z
  .string()
  .optional()
  .meta({ description: 'Private notes: present only when set and the caller holds mods_manage or solder_full.' });
const downloadUrl = z.string().meta({
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

export const apiInfo = z
  .strictObject({ api: z.literal('Depot'), version: z.string(), stream: z.string() })
  .meta({ id: 'ApiInfo', examples: [{ api: 'Depot', version: '0.1.0', stream: 'stable' }] });

export const healthy = z.strictObject({ status: z.literal('ok') });
export const ready = z.strictObject({ status: z.literal('ready') });
export const unready = z.strictObject({
  error: z.literal(ANSWERS.unavailable.message),
  unready: z.array(z.enum(['catalog', 'builds', 'auth'])),
});

// ---- mods ----

export const modList = z
  .strictObject({ mods: z.record(z.string(), z.string()).meta({ description: 'Mod slug → pretty name.' }) })
  .meta({ id: 'ModList' });

export const modView = z
  .strictObject({
    id,
    name: z.string(),
    pretty_name: z.string(),
    author: nullableString,
    description: nullableString,
    link: nullableString,
    notes,
    versions: z.array(z.string()),
  })
  .meta({ id: 'ModView' });

export const modRecord = z
  .strictObject({
    id,
    name: z.string(),
    pretty_name: z.string(),
    author: nullableString,
    description: nullableString,
    link: nullableString,
    notes,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Mod' });

export const versionView = z
  .strictObject({
    id,
    md5,
    filesize: z.number().int().min(0).nullable(),
    url: downloadUrl,
    notes,
  })
  .meta({ id: 'ModVersionView' });

export const versionRecord = z
  .strictObject({
    id,
    mod_id: id,
    version: z.string(),
    md5,
    filesize: z.number().int().min(0).nullable(),
    url: z
      .string()
      .optional()
      .meta({ description: "The version's own download url: present only when set (docs/api.md#download-urls)." }),
    notes,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'ModVersion' });

/** POST /api/mod/{slug}/{version}/rehash. */
export const versionRehash = z
  .strictObject({
    url: z.string().meta({ description: 'The URL the archive was fetched from.' }),
    md5: md5.meta({ description: 'MD5 of the archive fetched.' }),
    filesize: z.number().int().min(0).meta({ description: 'Size of the archive fetched, in bytes.' }),
    recorded_md5: md5.meta({ description: 'The md5 the version had before this request.' }),
    recorded_filesize: z
      .number()
      .int()
      .min(0)
      .nullable()
      .meta({ description: 'The filesize the version had before this request.' }),
    md5_matches: z.boolean(),
    filesize_matches: z.boolean(),
    stored: z.boolean().meta({ description: 'Whether this request wrote md5 and filesize to the version.' }),
  })
  .meta({ id: 'VersionRehash' });

// ---- modpacks and builds ----

export const modpackRecord = z
  .strictObject({
    id,
    name: z.string(),
    slug: z.string(),
    url: nullableString,
    hidden: z.boolean(),
    private: z.boolean(),
    order: z.number().int().nullable(),
    recommended: nullableString,
    latest: nullableString,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Modpack' });

export const buildRecord = z
  .strictObject({
    id,
    modpack_id: id,
    version: z.string(),
    minecraft: z.string(),
    forge: nullableString,
    is_published: z.boolean(),
    private: z.boolean(),
    min_java: nullableString,
    min_memory: z.number().int().min(0).nullable(),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Build' });

export const modpackView = z
  .strictObject({
    id,
    name: z.string().meta({ description: 'The slug.' }),
    display_name: z.string(),
    url: nullableString,
    icon: nullableString,
    icon_md5: nullableString,
    logo: nullableString,
    logo_md5: nullableString,
    background: nullableString,
    background_md5: nullableString,
    recommended: nullableString,
    latest: nullableString,
    builds: z
      .array(z.string())
      .meta({ description: 'Versions of the builds visible to this request, in creation order.' }),
  })
  .meta({ id: 'ModpackView' });

export const modpackList = z
  .strictObject({
    modpacks: z
      .record(z.string(), z.union([z.string(), modpackView]))
      .meta({ description: 'Slug → display name; slug → ModpackView with include=full.' }),
    mirror_url: z.string().meta({ description: 'The mirror URL, ending with /.' }),
  })
  .meta({ id: 'ModpackList' });

const buildModFields = {
  id: id.meta({ description: 'The mod version id.' }),
  name: z.string(),
  version: z.string(),
  md5,
  filesize: z.number().int().min(0).nullable(),
  url: downloadUrl,
};
export const buildMod = z.strictObject(buildModFields).meta({ id: 'BuildMod' });
export const buildModDetailed = z
  .strictObject({
    ...buildModFields,
    pretty_name: z.string(),
    author: nullableString,
    description: nullableString,
    link: nullableString,
  })
  .meta({ id: 'BuildModDetailed' });

export const buildView = z
  .strictObject({
    id,
    minecraft: z.string(),
    java: nullableString,
    memory: z.number().int().min(0).nullable(),
    forge: nullableString,
    mods: z
      .array(z.union([buildModDetailed, buildMod]))
      .meta({ description: 'Sorted by mod name (natural, case-insensitive); detailed with include=mods.' }),
  })
  .meta({ id: 'BuildView' });

// ---- keys, clients, users, tokens ----

export const keyList = z
  .strictObject({ keys: z.array(z.strictObject({ id, name: z.string(), created_at: timestamp })) })
  .meta({ id: 'KeyList' });

export const keyCreated = z
  .strictObject({
    id,
    name: z.string(),
    api_key: z.string().meta({ description: 'Shown once, never listed.' }),
    created_at: timestamp,
  })
  .meta({ id: 'KeyCreated' });

export const keyVerified = z
  .strictObject({ valid: z.literal('Key validated.'), name: z.string(), created_at: timestamp })
  .meta({ id: 'KeyVerified' });

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

// The fields of a user record, in the order answers list them.
const username = z.string();
const email = z.string().nullable().meta({ description: 'E-mail address, a way to sign in besides the username.' });
const permissions = z.array(z.string());
const modpackSlugs = z.array(z.string()).meta({ description: 'Slugs of the modpacks the user has access to.' });

export const user = z
  .strictObject({ username, permissions, modpacks: modpackSlugs, created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'User' });
export const userList = z.strictObject({ users: z.array(user) }).meta({ id: 'UserList' });

/** A user with its e-mail address (`GET /api/user?include=email`). */
export const userWithEmail = z
  .strictObject({ username, email, permissions, modpacks: modpackSlugs, created_at: timestamp, updated_at: timestamp })
  .meta({ id: 'UserWithEmail' });
export const userListWithEmails = z.strictObject({ users: z.array(userWithEmail) }).meta({ id: 'UserListWithEmails' });

const twoFactor = z
  .boolean()
  .meta({ description: 'Whether signing in asks for a second factor (two-factor sign-in).' });
/** A user with whether it has two-factor sign-in (`GET /api/user?include=two_factor`). */
export const userWithTwoFactor = z
  .strictObject({
    username,
    two_factor: twoFactor,
    permissions,
    modpacks: modpackSlugs,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'UserWithTwoFactor' });
export const userListWithTwoFactor = z
  .strictObject({ users: z.array(userWithTwoFactor) })
  .meta({ id: 'UserListWithTwoFactor' });
/** Both (`GET /api/user?include=email,two_factor`). */
export const userWithEmailAndTwoFactor = z
  .strictObject({
    username,
    email,
    two_factor: twoFactor,
    permissions,
    modpacks: modpackSlugs,
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'UserWithEmailAndTwoFactor' });
export const userListWithEmailsAndTwoFactor = z
  .strictObject({ users: z.array(userWithEmailAndTwoFactor) })
  .meta({ id: 'UserListWithEmailsAndTwoFactor' });

/** The signed-in user's own account. */
export const account = z
  .strictObject({
    username,
    email,
    permissions,
    modpacks: modpackSlugs,
    has_password: z.boolean().meta({ description: 'Whether the user can sign in with a password.' }),
    created_at: timestamp,
    updated_at: timestamp,
  })
  .meta({ id: 'Account' });

export const session = z
  .strictObject({
    user: account,
    csrf_token: z
      .string()
      .nullable()
      .meta({
        description:
          'Send it as `X-CSRF-Token` with every write made with the session cookie. Null when the request was ' +
          'authenticated by a bearer token (no session).',
      }),
  })
  .meta({ id: 'Session' });

// ---- two-factor sign-in ----

export const twoFactorRequired = z
  .strictObject({
    two_factor: z.literal(true),
    expires_at: timestamp.meta({ description: 'Until when the code may follow (5 minutes).' }),
  })
  .meta({ id: 'TwoFactorRequired' });

export const twoFactorStatus = z
  .strictObject({
    available: z
      .boolean()
      .meta({ description: 'False when the server cannot store secrets (no TOTP_ENCRYPTION_KEY).' }),
    enabled: z.boolean().meta({ description: 'Signing in asks for a code.' }),
    pending: z.boolean().meta({ description: 'Set up, waiting for a first code to confirm it.' }),
    confirmed_at: timestamp.nullable(),
    recovery_codes_left: z.number().int().meta({ description: 'Recovery codes not used yet.' }),
  })
  .meta({ id: 'TwoFactorStatus' });

export const twoFactorEnrolment = z
  .strictObject({
    secret: z.string().meta({ description: 'The TOTP secret (base32), shown this once, to type into an app.' }),
    otpauth_url: z.string().meta({ description: 'The `otpauth://totp/...` URI to show as a QR code.' }),
  })
  .meta({ id: 'TwoFactorEnrolment' });

export const recoveryCodes = z
  .strictObject({
    recovery_codes: z
      .array(z.string())
      .meta({ description: 'Shown this once: each signs in once instead of a code. Earlier ones stop working.' }),
  })
  .meta({ id: 'RecoveryCodes' });

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

// ---- management reads and the pack doctor (docs/api.md#management-reads, #pack-doctor) ----

/** An md5 as stored: a version imported from Solder may have none ("") or a malformed one. */
const storedMd5 = z.string().meta({
  description:
    'MD5 of the archive, 32 lowercase hex digits; empty or malformed only for a version imported from Solder without a valid one (the pack doctor reports it).',
});
const count = z.number().int().min(0);

export const managedModpackList = z
  .strictObject({
    modpacks: z.array(
      z.strictObject({
        modpack: modpackRecord,
        build_count: count,
        published_build_count: count,
      }),
    ),
  })
  .meta({ id: 'ManagedModpackList' });

export const managedModpack = z
  .strictObject({
    modpack: modpackRecord,
    builds: z
      .array(z.strictObject({ build: buildRecord, mod_count: count }))
      .meta({ description: 'Every build, published or not, in creation order.' }),
  })
  .meta({ id: 'ManagedModpack' });

export const managedBuild = z
  .strictObject({
    build: buildRecord,
    mods: z
      .array(
        z.strictObject({
          mod: z.strictObject({ id, name: z.string(), pretty_name: z.string() }),
          version: z.strictObject({
            id,
            version: z.string(),
            md5: storedMd5,
            filesize: z.number().int().min(0).nullable(),
          }),
        }),
      )
      .meta({ description: "The build's mods in the launcher's order (natural, case-insensitive mod name)." }),
  })
  .meta({ id: 'ManagedBuild' });

export const versionUse = z
  .strictObject({
    modpack: z.strictObject({ id, slug: z.string(), name: z.string() }),
    build: z.strictObject({ id, version: z.string(), is_published: z.boolean() }),
  })
  .meta({ id: 'VersionUse' });

export const managedMod = z
  .strictObject({
    mod: modRecord,
    versions: z
      .array(
        z.strictObject({
          version: versionRecord.extend({ md5: storedMd5 }),
          builds: z
            .array(versionUse)
            .meta({ description: 'Every build of every modpack holding this version, published or not.' }),
        }),
      )
      .meta({ description: 'Creation order.' }),
  })
  .meta({ id: 'ManagedMod' });

export const modChoices = z
  .strictObject({
    mods: z
      .array(z.strictObject({ id, name: z.string(), pretty_name: z.string() }))
      .meta({ description: 'Creation order.' }),
  })
  .meta({ id: 'ModChoices' });

export const versionChoices = z
  .strictObject({
    versions: z.array(z.strictObject({ id, version: z.string() })).meta({ description: 'Creation order.' }),
  })
  .meta({ id: 'VersionChoices' });

export const manageSettings = z
  .strictObject({
    mod_version_urls: z
      .boolean()
      .meta({ description: 'Whether a version may have a download `url` of its own (`MOD_VERSION_URLS`).' }),
  })
  .meta({ id: 'ManageSettings' });

const launcherView = z
  .strictObject({
    listed: z.boolean().meta({ description: 'In `GET /api/modpack`.' }),
    shown: z.boolean().meta({ description: '`GET /api/modpack/{slug}` answers (else 404: offline).' }),
    builds: z.array(z.string()).meta({ description: 'The `builds` of the modpack view.' }),
    installs: z.strictObject({ version: z.string(), mods: count }).nullable().meta({
      description: 'The recommended build the launcher installs, and its number of mods; null: none it can see.',
    }),
  })
  .meta({ id: 'LauncherView' });

export const packDiagnosis = z
  .strictObject({
    modpack: z.strictObject({ slug: z.string(), name: z.string() }),
    api_root: z
      .strictObject({
        url: z.string().nullable(),
        source: z.enum(['PUBLIC_URL', 'request', 'unset']),
        reachable: z.boolean().nullable().meta({ description: 'null: not checked (PUBLIC_URL not set).' }),
        detail: z.string(),
      })
      .meta({ description: 'The API root launchers and Technic Platform must be given, and whether it answered.' }),
    linked_clients: count.meta({ description: 'Launcher clients linked to the modpack.' }),
    launchers: z.strictObject({
      anonymous: launcherView,
      linked_client: launcherView,
      platform: launcherView,
    }),
    findings: z
      .array(
        z
          .strictObject({
            code: z.enum(FINDING_CODES),
            severity: z.enum(['error', 'warning']),
            message: z.string(),
            fix: z.string(),
          })
          .meta({ id: 'DoctorFinding' }),
      )
      .meta({ description: 'Errors (offline, or the install fails) first, then warnings (works, but fragile).' }),
  })
  .meta({ id: 'PackDiagnosis' });

/** The OpenAPI document itself (loosely: an object). */
export const openApiDocument = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({}),
  paths: z.looseObject({}),
});

export type ModRecord = z.infer<typeof modRecord>;
export type ModView = z.infer<typeof modView>;
export type ModList = z.infer<typeof modList>;
export type VersionRecord = z.infer<typeof versionRecord>;
export type VersionView = z.infer<typeof versionView>;
export type VersionRehash = z.infer<typeof versionRehash>;
export type ModpackRecord = z.infer<typeof modpackRecord>;
export type ModpackView = z.infer<typeof modpackView>;
export type ModpackList = z.infer<typeof modpackList>;
export type BuildRecord = z.infer<typeof buildRecord>;
export type BuildView = z.infer<typeof buildView>;
export type KeyList = z.infer<typeof keyList>;
export type KeyCreated = z.infer<typeof keyCreated>;
export type KeyVerified = z.infer<typeof keyVerified>;
export type Client = z.infer<typeof client>;
export type User = z.infer<typeof user>;
export type UserWithEmail = z.infer<typeof userWithEmail>;
export type UserWithEmailAndTwoFactor = z.infer<typeof userWithEmailAndTwoFactor>;
export type Account = z.infer<typeof account>;
export type TokenList = z.infer<typeof tokenList>;
export type TokenIssued = z.infer<typeof tokenIssued>;
export type ManagedModpackList = z.infer<typeof managedModpackList>;
export type ManagedModpack = z.infer<typeof managedModpack>;
export type ManagedBuild = z.infer<typeof managedBuild>;
export type ManagedMod = z.infer<typeof managedMod>;
export type ManageSettings = z.infer<typeof manageSettings>;
export type PackDiagnosis = z.infer<typeof packDiagnosis>;
