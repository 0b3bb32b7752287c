// `npm run admin -- archives push <dir>` against a real stack (its fs store): a Solder repository
// folder moved in as it is on disk. A dry run sends nothing; a push uploads what matches its
// record, reports a mismatch, a file of no version and a folder of no mod, and exits 3; with
// --replace and --create-versions the rest goes in; the bytes read back from the store are the
// file's, and a second push finds everything already hosted.
/* eslint-disable @typescript-eslint/no-explicit-any -- reports are whatever each test asserts */
import { adminCli, must, startTestStack, type TestStack } from '../support';
import { folderWith, md5Hex, modZip, readHosted } from '../support/archives';

let t: TestStack;
let repo: { dir: string; remove(): void };
const zips: Record<string, Buffer> = {};

beforeAll(async () => {
  t = await startTestStack();
  for (const [slug, version] of [
    ['alpha', '1.0'],
    ['alpha', '2.0'],
    ['beta', '3.0'],
    ['gamma', '1.0'],
  ])
    zips[`${slug}-${version}`] = await modZip(slug, version);
  for (const mod of ['alpha', 'beta']) must(await t.admin.post('/api/mod', { name: mod, pretty_name: mod }), 201, mod);
  // alpha 1.0 as on the mirror; alpha 2.0 recorded with a one-digit typo in its md5.
  const typo = md5Hex(zips['alpha-2.0']).replace(/^./, (c) => (c === '0' ? '1' : '0'));
  must(await t.admin.post('/api/mod/alpha/version', { version: '1.0', md5: md5Hex(zips['alpha-1.0']) }), 201, 'a1');
  must(await t.admin.post('/api/mod/alpha/version', { version: '2.0', md5: typo }), 201, 'a2');
  repo = folderWith({
    'mods/alpha/alpha-1.0.zip': zips['alpha-1.0'],
    'mods/alpha/alpha-2.0.zip': zips['alpha-2.0'],
    'mods/beta/beta-3.0.zip': zips['beta-3.0'],
    'mods/gamma/gamma-1.0.zip': zips['gamma-1.0'],
    'mods/alpha/notes.txt': 'not an archive',
  });
});

afterAll(async () => {
  repo?.remove();
  await t?.stop();
});

const push = async (...args: string[]) => {
  const r = await adminCli(t, ['archives', 'push', ...args]);
  return { ...r, report: r.stdout.trim().startsWith('{') ? JSON.parse(r.stdout) : undefined };
};
const outcomes = (report: any) => Object.fromEntries(report.items.map((i: any) => [i.file, i.outcome]));

describe('npm run admin -- archives push', () => {
  it('--dry-run: says what would happen and sends nothing', async () => {
    const { code, report, stderr } = await push(repo.dir, '--dry-run', '--json');
    expect(code).toBe(3);
    expect(report.dry_run).toBe(true);
    expect(report.counts).toEqual({
      uploaded: 1,
      created: 0,
      already_hosted: 0,
      mismatching: 1,
      no_version: 1,
      no_mod: 1,
      failed: 0,
    });
    expect(report.bytes_sent).toBe(0);
    expect(report.unrecognised).toEqual(['alpha/notes.txt']);
    expect(stderr).toContain('push: [4/4]');
    expect((await readHosted(t, 'alpha', '1.0')).code).toBe(5); // NOT_FOUND: not hosted
  });

  it('uploads what matches its record, reports the rest, and exits 3', async () => {
    const { code, report, stderr } = await push(repo.dir, '--json', '--concurrency', '2');
    expect(code).toBe(3);
    expect(stderr.trim().split('\n').pop()).toBe('depot-admin: 3 file(s) left out: see the report');
    expect(outcomes(report)).toEqual({
      'alpha/alpha-1.0.zip': 'uploaded',
      'alpha/alpha-2.0.zip': 'mismatching',
      'beta/beta-3.0.zip': 'no_version',
      'gamma/gamma-1.0.zip': 'no_mod',
    });
    const mismatch = report.items.find((i: any) => i.outcome === 'mismatching');
    expect(mismatch.md5).toBe(md5Hex(zips['alpha-2.0']));
    expect(mismatch.detail).toMatch(/--replace/);
    expect(report.bytes_sent).toBe(zips['alpha-1.0'].length);
    const read = await readHosted(t, 'alpha', '1.0');
    expect(read.data.equals(zips['alpha-1.0'])).toBe(true);
    expect(read.metadata?.md5).toBe(md5Hex(zips['alpha-1.0']));
    // Nothing else changed.
    expect((await readHosted(t, 'alpha', '2.0')).code).toBe(5);
    expect((await t.admin.get('/api/mod/beta/3.0')).status).toBe(404);
  });

  it('--replace --create-versions: the rest goes in; a mod that does not exist stays out', async () => {
    const { code, report } = await push(repo.dir, '--json', '--replace', '--create-versions');
    expect(code).toBe(3);
    expect(outcomes(report)).toEqual({
      'alpha/alpha-1.0.zip': 'already_hosted',
      'alpha/alpha-2.0.zip': 'uploaded',
      'beta/beta-3.0.zip': 'created',
      'gamma/gamma-1.0.zip': 'no_mod',
    });
    expect(report.items.find((i: any) => i.mod === 'gamma').detail).toBe('no mod "gamma": create it first');
    const a2 = must(await t.admin.get('/api/mod/alpha/2.0'), 200, 'alpha 2.0');
    expect([a2.md5, a2.filesize]).toEqual([md5Hex(zips['alpha-2.0']), zips['alpha-2.0'].length]);
    const b3 = must(await t.admin.get('/api/mod/beta/3.0'), 200, 'beta 3.0');
    expect([b3.md5, b3.filesize]).toEqual([md5Hex(zips['beta-3.0']), zips['beta-3.0'].length]);
    for (const [slug, version] of [
      ['alpha', '2.0'],
      ['beta', '3.0'],
    ])
      expect((await readHosted(t, slug, version)).data.equals(zips[`${slug}-${version}`])).toBe(true);
  });

  it('takes mods/ itself too; once everything is in, a push changes nothing and exits 0', async () => {
    must(await t.admin.post('/api/mod', { name: 'gamma', pretty_name: 'gamma' }), 201, 'gamma');
    must(await t.admin.post('/api/mod/gamma/version', { version: '1.0', md5: md5Hex(zips['gamma-1.0']) }), 201, 'g');
    const first = await push(`${repo.dir}/mods`);
    expect(first.code).toBe(0);
    expect(first.stdout).toMatch(/^Push of 4 file\(s\) from .*\/mods in /);
    expect(first.stdout).toContain('\n  uploaded        1\n');
    expect(first.stdout).toContain('\n  already hosted  3\n');
    const again = await push(repo.dir, '--json');
    expect(again.code).toBe(0);
    expect(again.report.counts.already_hosted).toBe(4);
    expect(again.report.bytes_sent).toBe(0);
  });

  it('a folder that does not exist: exit 1 and a message', async () => {
    const { code, stderr } = await push(`${repo.dir}/nope`);
    expect(code).toBe(1);
    expect(stderr).toBe(`depot-admin: ${repo.dir}/nope: no such folder\n`);
  });
});
