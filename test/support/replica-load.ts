// A steady read and write load over several gateways, as launchers and admin scripts behind a load
// balancer make it, every request timed and its outcome kept; then what was acknowledged, read back.
// The client does what a load balancer does: a connection refused (nothing was sent) goes to the
// other gateway; a connection lost with the request sent is sent again for a read only.
/* eslint-disable @typescript-eslint/no-explicit-any -- reply bodies are compared by value */
import { queryDatabase } from '@depot/common/testing';
import { md5Of, must, type Api, type TestStack } from './index';
import { seedPublishedBuilds, type Published } from './published';

export type Outcome = number | 'connection lost' | 'refused everywhere' | 'wrong body';

export interface Sample {
  kind: 'read' | 'write';
  /** Method and route, e.g. `POST /api/mod`. */
  what: string;
  /** performance.now() when sent. */
  startedAt: number;
  ms: number;
  outcome: Outcome;
}

/** What the load was told happened (2xx), to be found afterwards. */
interface Acknowledged {
  mods: Map<string, number>;
  versions: Set<string>;
  assignments: Map<string, string>;
  deleted: Set<string>;
  /** Deletes whose answer was lost: the mod may or may not be there. */
  uncertain: Set<string>;
  users: Set<string>;
}

const WRITE_BUILDS = ['1', '2', '3', '4'];

export class SteadyLoad {
  readonly samples: Sample[] = [];
  private readonly ack: Acknowledged = {
    mods: new Map(),
    versions: new Set(),
    assignments: new Map(),
    deleted: new Set(),
    uncertain: new Set(),
    users: new Set(),
  };
  private running = false;
  private workers: Promise<void>[] = [];
  private published: Published[] = [];

  private readonly writePack: string;

  /** `prefix` names everything it creates (two loads on one stack use two). */
  constructor(
    private readonly t: TestStack,
    private readonly gateways: string[],
    private readonly prefix: string,
  ) {
    this.writePack = `${prefix}-writes`;
  }

  /** The published builds read under load, and the modpack the writers assign to. */
  async seed(): Promise<void> {
    this.published = (await seedPublishedBuilds(this.t.admin, this.prefix)).published;
    const pack = { name: `${this.prefix} writes`, slug: this.writePack, hidden: false };
    must(await this.t.admin.post('/api/modpack', pack), 201, 'pack');
    for (const version of WRITE_BUILDS) {
      const body = { version, minecraft: '1.20.1', is_published: true };
      must(await this.t.admin.post(`/api/modpack/${this.writePack}/build`, body), 201, 'build');
    }
  }

  start(readers: number, writers: number): void {
    this.running = true;
    this.workers = [
      ...Array.from({ length: readers }, (_, r) => this.reader(r)),
      ...Array.from({ length: writers }, (_, w) => this.writer(w)),
    ];
  }

  async stop(): Promise<void> {
    this.running = false;
    await Promise.all(this.workers);
  }

  /** One request, through gateway `first` unless it refuses (or, for a read, loses the connection). */
  private async send(kind: Sample['kind'], method: string, path: string, route: string, first: number, body?: unknown) {
    const startedAt = performance.now();
    let outcome: Outcome = 'refused everywhere';
    let json: any;
    for (let i = 0; i < this.gateways.length; i++) {
      const url = this.gateways[(first + i) % this.gateways.length] + path;
      try {
        const res = await fetch(url, {
          method,
          headers: { authorization: `Bearer ${this.t.adminToken}`, 'content-type': 'application/json' },
          body: body === undefined ? undefined : JSON.stringify(body),
        });
        const text = await res.text();
        json = text ? JSON.parse(text) : undefined;
        outcome = res.status;
        break;
      } catch (err) {
        const code = (err as { cause?: { code?: string } }).cause?.code;
        if (code === 'ECONNREFUSED') continue;
        outcome = 'connection lost';
        if (kind === 'write') break;
      }
    }
    const sample: Sample = { kind, what: `${method} ${route}`, startedAt, ms: performance.now() - startedAt, outcome };
    this.samples.push(sample);
    return { sample, json };
  }

  private async reader(r: number): Promise<void> {
    const adminReads = ['/api/user', '/api/modpack', '/api/mod'];
    for (let n = 0; this.running; n++) {
      if (n % 4 === 3) {
        const path = adminReads[(r + n) % adminReads.length];
        await this.send('read', 'GET', path, path, n);
        continue;
      }
      const p = this.published[(r * 7 + n) % this.published.length];
      const { sample, json } = await this.send('read', 'GET', p.path, '/api/modpack/{slug}/{build}', n);
      if (sample.outcome === 200 && JSON.stringify(json) !== JSON.stringify(p.body)) sample.outcome = 'wrong body';
    }
  }

  private async writer(w: number): Promise<void> {
    const mine: string[] = [];
    for (let n = 0; this.running; n++) {
      const name = `${this.prefix}-w${w}-${n}`;
      const mod = await this.send('write', 'POST', '/api/mod', '/api/mod', n, { name, pretty_name: name });
      if (mod.sample.outcome !== 201) continue;
      this.ack.mods.set(name, mod.json.id);
      mine.push(name);
      const version = { version: '1.0', md5: md5Of(name), filesize: 100 };
      const v = await this.send('write', 'POST', `/api/mod/${name}/version`, '/api/mod/{slug}/version', n, version);
      if (v.sample.outcome !== 201) continue;
      this.ack.versions.add(name);
      const build = WRITE_BUILDS[n % WRITE_BUILDS.length];
      const assign = await this.send(
        'write',
        'POST',
        `/api/modpack/${this.writePack}/${build}/mod`,
        '/api/modpack/{slug}/{build}/mod',
        n,
        {
          mod_slug: name,
          mod_version: '1.0',
        },
      );
      if (assign.sample.outcome === 201) this.ack.assignments.set(name, build);
      if (n % 3 === 2 && mine.length > 1) {
        // An earlier mod of this writer goes: its assignment must be detached, once.
        const gone = mine.splice(0, 1)[0];
        const del = await this.send('write', 'DELETE', `/api/mod/${gone}`, '/api/mod/{slug}', n);
        (del.sample.outcome === 200 ? this.ack.deleted : this.ack.uncertain).add(gone);
      }
      if (n % 4 === 3) {
        const username = `${this.prefix}-u${w}-${n}`;
        const user = await this.send('write', 'POST', '/api/user', '/api/user', n, { username, permissions: [] });
        if (user.sample.outcome === 201) this.ack.users.add(username);
      }
    }
  }

  /** Every acknowledged write, read back; the detach of every acknowledged mod delete, in builds' database. */
  async lostWrites(api: Api): Promise<string[]> {
    const lost: string[] = [];
    const { mods, versions, assignments, deleted, uncertain, users } = this.ack;
    for (const [name] of mods) {
      if (uncertain.has(name)) continue;
      const res = await api.get(`/api/mod/${name}`);
      if (deleted.has(name)) {
        if (res.status !== 404) lost.push(`delete of ${name}: ${res.status}`);
      } else if (res.status !== 200) lost.push(`mod ${name}: ${res.status}`);
      else if (versions.has(name) && !res.body.versions?.includes('1.0')) lost.push(`version ${name}/1.0`);
    }
    const rows = await queryDatabase<{ mod_id: number; version: string }>(
      this.t.stack.databases.builds,
      `select bm.mod_id, b.version from build_mods bm join builds b on b.id = bm.build_id
         join modpacks m on m.id = b.modpack_id where m.slug = $1`,
      [this.writePack],
    );
    const stored = new Set(rows.map((r) => `${r.mod_id}@${r.version}`));
    for (const [name, build] of assignments) {
      const key = `${mods.get(name)}@${build}`;
      if (deleted.has(name) && stored.has(key)) lost.push(`detach of ${name} from build ${build}`);
      if (!deleted.has(name) && !uncertain.has(name) && !stored.has(key)) lost.push(`${name} in build ${build}`);
    }
    const listed = new Set(((await api.get('/api/user')).body?.users ?? []).map((u: any) => u.username));
    for (const username of users) if (!listed.has(username)) lost.push(`user ${username}`);
    return lost;
  }

  counts() {
    return Object.fromEntries(Object.entries(this.ack).map(([k, v]) => [k, v.size]));
  }
}
