// The hooks service's pure rules: the retry schedule, the signature, the Discord message and which
// URLs an endpoint may have (docs/webhooks.md). Deliveries themselves: test/e2e/webhooks.test.ts.
import { createHmac } from 'node:crypto';
import { discordMessage, summaryLine } from '../src/discord';
import { nextDelay, parseRetrySchedule } from '../src/retry-schedule';
import { signatureOf } from '../src/sender';
import { refusalOf } from '../src/url-policy';

describe('retry schedule', () => {
  it('parses durations and refuses what is not one', () => {
    expect(parseRetrySchedule('10s,1m,5m,30m,1h')).toEqual([10_000, 60_000, 300_000, 1_800_000, 3_600_000]);
    expect(parseRetrySchedule('500ms')).toEqual([500]);
    expect(() => parseRetrySchedule('10s,soon')).toThrow('"soon" is not a duration such as 500ms, 10s, 5m or 1h');
    expect(() => parseRetrySchedule('0s')).toThrow('delays must be more than 0');
  });

  it('repeats the last delay until the retry time is over', () => {
    const schedule = [10_000, 60_000, 3_600_000];
    const created = new Date(0);
    expect(nextDelay(schedule, 1, created, 86_400_000, 0)).toBe(10_000);
    expect(nextDelay(schedule, 2, created, 86_400_000, 10_000)).toBe(60_000);
    expect(nextDelay(schedule, 9, created, 86_400_000, 3_600_000)).toBe(3_600_000);
    expect(nextDelay(schedule, 30, created, 86_400_000, 86_000_000)).toBeUndefined();
  });
});

it('signs "t.body" with HMAC-SHA256 of the secret', () => {
  const body = '{"event":"ping"}';
  const expected = createHmac('sha256', 's'.repeat(32)).update(`1700000000.${body}`).digest('hex');
  expect(signatureOf('s'.repeat(32), body, 1700000000)).toBe(`t=1700000000,v1=${expected}`);
});

describe('Discord', () => {
  const published = (notes: string | null, name = 'Tekkit') => ({
    event: 'build.published',
    created_at: '2026-01-02T03:04:05.000Z',
    data: {
      modpack: { id: 1, slug: 'tekkit', name },
      build: { id: 2, version: '1.1.0' },
      changelog: { from: '1.0.0', added: 2, removed: 1, updated: 3, unchanged: 4 },
      notes,
      changelog_url: 'https://depot.example.com/changelogs/tekkit/builds/1.1.0',
    },
  });

  it('makes an embed of a published build: pack, build, summary, notes, link', () => {
    expect(discordMessage(published('Faster.'))).toEqual({
      username: 'Depot',
      embeds: [
        {
          title: 'Tekkit 1.1.0 released',
          description: 'added 2, removed 1, updated 3 since 1.0.0\n\nFaster.',
          url: 'https://depot.example.com/changelogs/tekkit/builds/1.1.0',
          color: 0x2f80ed,
          timestamp: '2026-01-02T03:04:05.000Z',
        },
      ],
    });
  });

  it("stays within Discord's limits", () => {
    const [embed] = discordMessage(published('n'.repeat(10_000), 'P'.repeat(400))).embeds;
    expect([...embed.title]).toHaveLength(256);
    expect([...embed.description]).toHaveLength(4096);
    expect(embed.description.endsWith('…')).toBe(true);
  });

  it('says when nothing changed', () => {
    expect(summaryLine({ from: null, added: 0, removed: 0, updated: 0, unchanged: 3 })).toBe('no mod changes');
  });
});

describe('endpoint URLs', () => {
  const strict = { allowHttp: false, allowPrivate: false };
  it.each([
    ['ftp://example.com/', 'The url must be an https URL.'],
    ['http://example.com/', 'The url must be an https URL.'],
    ['https://127.0.0.1/', "The url's host 127.0.0.1 is not a public address."],
    ['https://[fe80::1]/', "The url's host fe80::1 is not a public address."],
    ['https://224.0.0.1/', "The url's host 224.0.0.1 is not a public address."],
    ['https://app.localhost/', "The url's host app.localhost is not a public address."],
    ['nope', 'The url must be a valid URL.'],
  ])('refuses %s', (url, why) => expect(refusalOf(url, strict)).toBe(why));

  it('takes public https URLs, and http or private ones only when allowed', () => {
    expect(refusalOf('https://hooks.example.com/x', strict)).toBeUndefined();
    expect(refusalOf('https://93.184.216.34/x', strict)).toBeUndefined();
    expect(refusalOf('http://127.0.0.1:8080/', { allowHttp: true, allowPrivate: true })).toBeUndefined();
    expect(refusalOf('http://example.com/', { allowHttp: true, allowPrivate: false })).toBeUndefined();
  });
});
