// Console URLs (under /console/, the router's basename). Slugs and versions may hold characters
// that URLs reserve ("1.0+build 5"): each segment is encoded.
const e = encodeURIComponent;

export const paths = {
  modpacks: '/modpacks',
  newModpack: '/modpacks/new',
  modpack: (slug: string) => `/modpacks/${e(slug)}`,
  modpackSettings: (slug: string) => `/modpacks/${e(slug)}/settings`,
  modpackWebhooks: (slug: string) => `/modpacks/${e(slug)}/webhooks`,
  doctor: (slug: string) => `/modpacks/${e(slug)}/doctor`,
  newBuild: (slug: string) => `/modpacks/${e(slug)}/builds/new`,
  build: (slug: string, version: string) => `/modpacks/${e(slug)}/builds/${e(version)}`,
  mods: '/mods',
  newMod: '/mods/new',
  mod: (slug: string) => `/mods/${e(slug)}`,
  clients: '/clients',
  keys: '/keys',
  users: '/users',
  newUser: '/users/new',
  user: (username: string) => `/users/${e(username)}`,
  tokens: '/tokens',
  account: '/account',
};
