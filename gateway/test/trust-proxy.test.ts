// TRUST_PROXY (gateway/src/trust-proxy.ts, docs/api.md#rate-limits): only the proxies it names may
// say who the client is; a setting that would trust every client stops the gateway at start.
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { loadGatewayConfig } from '../src/config';
import { startStack, type Stack } from './admin/fake-stack';

const INSTEAD =
  'set the number of proxies in front of the gateway (e.g. 1) or their addresses or CIDRs, comma separated (e.g. 10.0.0.1,10.1.0.0/16)';

describe('refused at start', () => {
  it('TRUST_PROXY=true: the gateway exits 1 with one line saying what to set instead', () => {
    const run = spawnSync(
      process.execPath,
      ['--conditions=depot-source', '--import', 'tsx', path.join(__dirname, '..', 'src', 'main.ts')],
      { env: { PATH: process.env.PATH, TRUST_PROXY: 'true', GATEWAY_PORT: '0' }, encoding: 'utf8', timeout: 30_000 },
    );
    expect({ status: run.status, stderr: run.stderr }).toEqual({
      status: 1,
      stderr:
        'gateway: Invalid configuration:\n' +
        `  TRUST_PROXY: "true" would let every client choose its address with X-Forwarded-For: ${INSTEAD}\n`,
    });
  });

  it.each([
    ['yes', '"yes" would let every client choose its address with X-Forwarded-For'],
    ['*', '"*" would let every client choose its address with X-Forwarded-For'],
    ['10.0.0.1, 0.0.0.0/0', '"10.0.0.1, 0.0.0.0/0" would let every client choose its address with X-Forwarded-For'],
    ['::/0', '"::/0" would let every client choose its address with X-Forwarded-For'],
    ['10.0.0.1,ingress', 'invalid IP address: ingress'],
    ['10.0.0.0/33', 'invalid range on address: 10.0.0.0/33'],
  ])('TRUST_PROXY=%s is refused: %s', (value, problem) => {
    expect(() => loadGatewayConfig({ TRUST_PROXY: value })).toThrow(
      `Invalid configuration:\n  TRUST_PROXY: ${problem}: ${INSTEAD}`,
    );
  });

  it.each([
    [undefined, false],
    ['', false],
    ['false', false],
    ['0', false],
    ['1', 1],
    ['2', 2],
    ['10.0.0.1', ['10.0.0.1']],
    [' 10.0.0.0/8 , loopback,fd00::/8', ['10.0.0.0/8', 'loopback', 'fd00::/8']],
  ])('TRUST_PROXY=%j is taken as %j', (value, trust) => {
    expect(loadGatewayConfig({ TRUST_PROXY: value }).TRUST_PROXY).toEqual(trust);
  });
});

describe('the address the limits see', () => {
  let s: Stack;
  afterEach(async () => {
    await s?.close();
  });

  async function start(trustProxy: string) {
    [s] = await startStack({ TRUST_PROXY: trustProxy, VERIFY_RATE_LIMIT_PER_MINUTE: '3' });
  }
  /** The statuses of the verify route (3 a minute per address) asked with these X-Forwarded-For values. */
  async function verify(...forwardedFor: string[]): Promise<number[]> {
    const statuses = [];
    for (const xff of forwardedFor) {
      statuses.push(
        (await s.request('GET', '/api/verify/platform-key', { headers: { 'x-forwarded-for': xff } })).status,
      );
    }
    return statuses;
  }

  it('TRUST_PROXY=1: the address the proxy appended; a forged left-most one changes nothing', async () => {
    await start('1');
    expect(
      await verify('1.1.1.1, 203.0.113.7', '2.2.2.2, 203.0.113.7', '203.0.113.7', '3.3.3.3, 4.4.4.4, 203.0.113.7'),
    ).toEqual([200, 200, 200, 429]);
    // Another client behind the same proxy has a count of its own.
    expect(await verify('203.0.113.7, 198.51.100.8')).toEqual([200]);
  });

  it('a list: the listed proxies only; the first address they did not add is the client', async () => {
    await start('127.0.0.1, 198.51.100.1');
    // Through 198.51.100.1 (listed): the client is the address before it, whatever precedes that.
    expect(
      await verify('1.1.1.1, 203.0.113.7, 198.51.100.1', '2.2.2.2, 203.0.113.7, 198.51.100.1', '203.0.113.7'),
    ).toEqual([200, 200, 200]);
    expect(await verify('5.5.5.5, 203.0.113.7, 198.51.100.1')).toEqual([429]);
    // Through an unlisted hop (192.0.2.50): that hop is the client, not what it forwarded.
    expect(await verify('203.0.113.7, 192.0.2.50')).toEqual([200]);
  });

  it('a list without the peer: X-Forwarded-For is not read at all', async () => {
    await start('10.0.0.1');
    expect(await verify('1.1.1.1', '2.2.2.2', '3.3.3.3', '4.4.4.4')).toEqual([200, 200, 200, 429]);
  });
});
