// The settings of archive fetches (the catalog's rehash and mirror audit,
// services/catalog/src/archive-fetch.ts): the catalog, the gateway and the admin CLI read them
// alike (the latter two for how long a fetch may take).
import { envBool, envInt, z } from './config';

/** One allowed host: `example.com`, `*.example.com` (its subdomains), optionally with `:port`. */
export interface HostRule {
  host: string;
  wildcard: boolean;
  /** Any port when absent. */
  port?: number;
}

/** The settings of archive fetches (README "Configuration"). */
export const archiveEnv = {
  /** Comma separated host rules; empty: the mirror's host only. */
  ARCHIVE_HOSTS: z
    .string()
    .default('')
    .superRefine((value, ctx) => {
      try {
        parseHostRules(value);
      } catch (err) {
        ctx.addIssue({ code: 'custom', message: (err as Error).message });
      }
    }),
  ARCHIVE_ALLOW_PRIVATE: envBool(false),
  ARCHIVE_CONNECT_TIMEOUT_MS: envInt(5_000, 100),
  ARCHIVE_TRANSFER_TIMEOUT_MS: envInt(30_000, 100),
  ARCHIVE_MAX_BYTES: envInt(512 * 1024 * 1024, 1),
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
