// The write mix: each connection creates a version of a mod, then assigns it to a build of the
// hidden modpack "bench-writes" (bench/seed.ts), a fresh mod per pair so that every assignment is
// new. Pairs are numbered from `firstPair`: mod (k mod BASE_MODS) + 1 into build W(k / BASE_MODS),
// so a later run that starts past the earlier one's last build never assigns a mod twice to a build.
import { md5Of } from '../support';
import { cannon, DURATION, type Figures } from './measure';
import { BASE_MODS, modName } from './seed';

export async function writeMix(
  url: string | string[],
  adminToken: string,
  firstPair = 0,
  duration = DURATION,
): Promise<{ figures: Figures; pairs: number; nextPair: number }> {
  const runId = Date.now().toString(36);
  let pair = firstPair;
  const figures = await cannon(
    url,
    {
      headers: { authorization: `Bearer ${adminToken}`, 'content-type': 'application/json' },
      requests: [
        {
          method: 'POST',
          setupRequest(req, ctx) {
            const k = pair++;
            ctx.mod = modName((k % BASE_MODS) + 1);
            ctx.build = `W${Math.floor(k / BASE_MODS)}`;
            ctx.version = `w-${runId}-${k}`;
            const body = JSON.stringify({ version: ctx.version, md5: md5Of(String(ctx.version)), filesize: 1024 });
            return { ...req, path: `/api/mod/${ctx.mod}/version`, body };
          },
        },
        {
          method: 'POST',
          setupRequest(req, ctx) {
            const body = JSON.stringify({ mod_slug: ctx.mod, mod_version: ctx.version });
            return { ...req, path: `/api/modpack/bench-writes/${ctx.build}/mod`, body };
          },
        },
      ],
    },
    0,
    duration,
  );
  return { figures, pairs: pair - firstPair, nextPair: Math.ceil(pair / BASE_MODS) * BASE_MODS };
}
