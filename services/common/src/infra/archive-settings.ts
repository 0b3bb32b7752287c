// The settings of archive fetches (the catalog's rehash and mirror audit,
// services/catalog/src/archives/fetch.ts): the catalog, the gateway and the admin CLI read them
// alike (the latter two for how long a fetch may take).
import { envBool, envInt, z } from './config';

/** One allowed host: `example.com`, `*.example.com` (its subdomains), optionally with `:port`. */
export interface HostRule {
  host: string;
  wildcard: boolean;
  /** Any port when absent. */
  port?: number;
}

/** The settings of archive fetches (docs/configuration.md). */
export const archiveEnv = {
  ARCHIVE_HOSTS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseHostRules(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    })
    .meta({
      description:
        'Hosts whose archives may be fetched ([rehash and the mirror audit](admin-cli.md#rehash-and-the-mirror-audit)), ' +
        'comma separated: `mirror.example.com`, `*.cdn.example.com` (its subdomains), `[2001:db8::1]`, each ' +
        'optionally `:port` (without, any port). A version `url` on another host is refused (422). Redirects ' +
        'are followed only to these hosts.',
      defaultNote: "the mirror's host",
    }),
  ARCHIVE_ALLOW_PRIVATE: envBool(false).meta({
    description:
      '`true` lets archive fetches reach loopback, private, link-local and other non-public addresses (a ' +
      'mirror on `localhost` or inside your network). Checked on the addresses DNS answers, when connecting.',
  }),
  ARCHIVE_CONNECT_TIMEOUT_MS: envInt(5_000, 100).meta({
    description: "Name resolution and connection to an archive's host must succeed within this (each redirect too).",
  }),
  ARCHIVE_TRANSFER_TIMEOUT_MS: envInt(30_000, 100).meta({
    description:
      'A whole archive fetch, redirects included, must finish within this; the gateway and the CLI wait ' +
      'that long for a rehash (the audit, for each page).',
  }),
  ARCHIVE_MAX_BYTES: envInt(512 * 1024 * 1024, 1).meta({
    description:
      'Larger archives are not hashed by a rehash, and not accepted by an upload (413), refused as soon as ' +
      '`Content-Length` says so, else when the limit is passed. Give the gateway and the catalog the same value.',
    defaultNote: '512 MiB',
  }),
  ARCHIVE_MAX_ENTRIES: envInt(100_000, 1).meta({
    description:
      'An uploaded zip, or the jar inside a packaged one, with more entries is refused (422), from its end ' +
      'record, before its entries are read. The check of an upload takes about a second per 100,000 entries. ' +
      'The default leaves room above the largest mod jars (tens of thousands of classes) and above the ' +
      '65,535 entries a zip holds without its zip64 extension.',
  }),
};

export type ArchiveSettings = { [K in keyof typeof archiveEnv]: z.output<(typeof archiveEnv)[K]> };

/** `a.example, *.cdn.example:8443, [2001:db8::1]` → rules; throws on an entry that is not a host. */
export function parseHostRules(value: string): HostRule[] {
  return value
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean)
    .map((entry) => {
      const match = /^(\[[^\]]+\]|[^:[\]]+)(?::(\d{1,5}))?$/.exec(entry);
      if (!match) throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      const wildcard = match[1].startsWith('*.');
      const name = wildcard ? match[1].slice(2) : match[1];
      let host: string;
      try {
        // The URL parser normalises the name as it will normalise the URLs it is compared with.
        host = new URL(`http://${name}/`).hostname;
      } catch {
        host = '';
      }
      if (!/^(?:[a-z0-9_-]+\.)*[a-z0-9_-]+$|^\[[0-9a-f:.]+\]$/.test(host)) {
        throw new Error(`"${entry}" is not a host (host, *.domain or [IPv6], optionally :port)`);
      }
      const port = match[2] === undefined ? undefined : Number(match[2]);
      if (port !== undefined && (port < 1 || port > 65535)) throw new Error(`"${entry}": the port must be 1-65535`);
      return { host, wildcard, ...(port !== undefined ? { port } : {}) };
    });
}
