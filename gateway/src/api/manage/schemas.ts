// What the management reads and the pack doctor answer (docs/api.md#management-reads, #pack-doctor).
import { z } from 'zod';
import { BUILD_LOADERS, FINDING_CODES, MOD_FORMATS, MOD_LOADERS, MOD_SIDES } from '@depot/common';
import { rules, SELECTED_INVALID } from '../../pipeline/validation';
import { buildRecord, modpackRecord } from '../modpacks/schemas';
import { modRecord, versionRecord } from '../mods/schemas';
import { id, timestamp } from '../schemas';

// ---- management reads and the pack doctor (docs/api.md#management-reads, #pack-doctor) ----

/** An md5 as stored: a version imported from Solder may have none ("") or a malformed one. */
const storedMd5 = z.string().meta({
  description:
    'MD5 of the archive, 32 lowercase hex digits; empty or malformed only for a version imported from Solder without a valid one (the pack doctor reports it).',
});

const count = z.number().int().min(0);

const hex = (description: string) => z.string().optional().meta({ description });

/** What one mod's metadata file in an archive says (docs/archives.md#metadata). */
export const modFacts = z
  .strictObject({
    format: z.enum(MOD_FORMATS.map((f) => f.format)).meta({
      description: `The file it was read from: ${MOD_FORMATS.map((f) => `\`${f.format}\` (${f.file})`).join(', ')}.`,
    }),
    file: z.string().optional().meta({
      description: 'The jar inside the archive it was read from (`mods/x.jar`); absent for the archive itself.',
    }),
    id: z.string().meta({ description: "The mod's id." }),
    name: z.string().optional(),
    version: z.string().optional(),
    authors: z.array(z.string()),
    description: z.string().optional(),
    url: z.string().optional().meta({ description: 'An http or https address only.' }),
    minecraft: z
      .string()
      .optional()
      .meta({ description: 'The Minecraft versions, as the file writes them (alternatives joined with ` || `).' }),
    loader: z
      .strictObject({
        name: z.enum(MOD_LOADERS),
        range: z.string().optional().meta({ description: "The loader's versions, as the file writes them." }),
      })
      .optional(),
    side: z.enum(MOD_SIDES).optional().meta({ description: 'Where the mod runs; absent when the file does not say.' }),
  })
  .meta({ id: 'ModFacts' });

/** A version as management sees it: the record, and the digests of an archive Depot hosts. */
export const managedVersion = versionRecord
  .extend({
    md5: storedMd5,
    sha1: hex('SHA-1 of the hosted archive: present only while Depot hosts it (docs/archives.md).'),
    sha256: hex('SHA-256 of the hosted archive (the name of its object in the store): present only while hosted.'),
    sha512: hex('SHA-512 of the hosted archive: present only while hosted.'),
    hosted_at: timestamp.optional().meta({
      description: "When the hosted archive was recorded (its downloads' Last-Modified): present only while hosted.",
    }),
    side: z
      .enum(MOD_SIDES)
      .optional()
      .meta({
        description:
          "Where the mod runs, from its archive's metadata or the author (docs/archives.md#sides); absent: not said " +
          "(both). A server-only version is left out of the launcher's build answers.",
      }),
    metadata: z
      .strictObject({ mods: z.array(modFacts) })
      .optional()
      .meta({
        description:
          "What the archive's metadata files said when it was uploaded: its own, and for a Technic zip those of each " +
          'jar under `mods/`. Absent for an archive Depot never read (not uploaded to it).',
      }),
  })
  .meta({ id: 'ManagedVersion' });

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

/** A build's loader (docs/archives.md#loaders), as set or as its `forge` says. */
export const buildLoaderView = z
  .strictObject({
    name: z.enum(BUILD_LOADERS),
    version: z.string().nullable(),
  })
  .nullable()
  .meta({
    id: 'BuildLoader',
    description:
      "What a server runs the build with: its own setting, else Forge when its `forge` holds a version; null: the build doesn't say.",
  });

export const loaderBody = z.object({
  name: z
    .enum(BUILD_LOADERS, { error: SELECTED_INVALID })
    .nullable()
    .meta({ description: '`forge`, `neoforge`, `fabric`, `quilt`, `none` (vanilla); `null`: not set.' }),
  version: rules.nullable(rules.string()).meta({ description: "The loader's version, as its installer names it." }),
});

export const buildLoaderAnswer = z.strictObject({ loader: buildLoaderView });

export const assignmentSideBody = z.object({
  side: z
    .enum(MOD_SIDES, { error: SELECTED_INVALID })
    .nullable()
    .meta({ description: "`client`, `server`, `both` for this build alone; `null`: the version's own." }),
});

export const assignmentSideAnswer = z.strictObject({
  mod: z.string(),
  build_side: z.enum(MOD_SIDES).nullable(),
});

export const managedBuild = z
  .strictObject({
    build: buildRecord,
    loader: buildLoaderView,
    mods: z
      .array(
        z.strictObject({
          mod: z.strictObject({ id, name: z.string(), pretty_name: z.string() }),
          version: z.strictObject({
            id,
            version: z.string(),
            md5: storedMd5,
            filesize: z.number().int().min(0).nullable(),
            side: z
              .enum(MOD_SIDES)
              .optional()
              .meta({
                description:
                  'Where it runs (docs/archives.md#sides); absent: not said. A server-only one is not in the ' +
                  "launcher's build answer; a client-only one is not in the server pack.",
              }),
          }),
          build_side: z
            .enum(MOD_SIDES)
            .optional()
            .meta({ description: "Where it runs in this build, set for the build alone: it wins over the version's." }),
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
          version: managedVersion,
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

export type ManagedModpackList = z.infer<typeof managedModpackList>;
export type ManagedModpack = z.infer<typeof managedModpack>;
export type ManagedBuild = z.infer<typeof managedBuild>;
export type ManagedMod = z.infer<typeof managedMod>;
export type ManagedVersion = z.infer<typeof managedVersion>;
export type ModFacts = z.infer<typeof modFacts>;
