// A small catalogue with published builds, for tests that read them under load while something
// fails (the soak, the supervision test): each build's launcher response as first served is kept,
// and every later read must answer exactly that.
/* eslint-disable @typescript-eslint/no-explicit-any -- response bodies are compared by value */
import { md5Of, must, type Api } from './index';

export interface Published {
  path: string;
  body: any;
}

/** 8 mods × 2 versions; 3 public modpacks × 2 published builds of 5 mods; each build read with and without include=mods. */
export async function seedPublishedBuilds(
  admin: Api,
  prefix: string,
): Promise<{ published: Published[]; mods: string[] }> {
  const mods: string[] = [];
  for (let i = 0; i < 8; i++) {
    const name = `${prefix}-mod-${i}`;
    must(await admin.post('/api/mod', { name, pretty_name: `Mod ${i}`, author: prefix }), 201, 'mod');
    for (const v of ['1.0', '2.0'])
      must(
        await admin.post(`/api/mod/${name}/version`, { version: v, md5: md5Of(name + v), filesize: 100 + i }),
        201,
        'version',
      );
    mods.push(name);
  }
  const published: Published[] = [];
  for (let p = 0; p < 3; p++) {
    const slug = `${prefix}-pack-${p}`;
    must(await admin.post('/api/modpack', { name: `${prefix} pack ${p}`, slug, hidden: false }), 201, 'pack');
    for (let b = 0; b < 2; b++) {
      const version = `${b + 1}.0`;
      must(
        await admin.post(`/api/modpack/${slug}/build`, { version, minecraft: '1.20.1', is_published: true }),
        201,
        'build',
      );
      for (let m = 0; m < 5; m++) {
        must(
          await admin.post(`/api/modpack/${slug}/${version}/mod`, {
            mod_slug: mods[(p + b + m) % mods.length],
            mod_version: b ? '2.0' : '1.0',
          }),
          201,
          'assign',
        );
      }
      for (const q of ['', '?include=mods']) {
        const path = `/api/modpack/${slug}/${version}${q}`;
        published.push({ path, body: must(await admin.get(path), 200, 'read') });
      }
    }
  }
  return { published, mods };
}
