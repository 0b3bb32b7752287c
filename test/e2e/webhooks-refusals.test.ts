// Webhook addresses under the default settings (docs/webhooks.md#addresses): https only, no
// loopback, private, link-local or metadata address; each refusal a 422 with its exact body that
// stores nothing. The deliveries themselves are in webhooks.test.ts (whose receivers are on
// 127.0.0.1, allowed there).
import { must, startTestStack, type TestStack } from '../support';

jest.setTimeout(60_000);

let t: TestStack;
const HOOKS = '/api/manage/modpacks/refpack/hooks';

beforeAll(async () => {
  t = await startTestStack();
  must(await t.admin.post('/api/modpack', { name: 'Refusals', slug: 'refpack' }), 201, 'modpack');
}, 120_000);

afterAll(async () => {
  await t?.stop();
});

it.each([
  ['http://example.com/hook', 'The url must be an https URL.'],
  ['https://127.0.0.1/hook', "The url's host 127.0.0.1 is not a public address."],
  ['https://10.1.2.3/hook', "The url's host 10.1.2.3 is not a public address."],
  ['https://169.254.169.254/latest/meta-data', "The url's host 169.254.169.254 is not a public address."],
  ['https://[::1]:8443/hook', "The url's host ::1 is not a public address."],
  ['https://[::ffff:192.168.0.1]/hook', "The url's host ::ffff:c0a8:1 is not a public address."],
  ['https://localhost/hook', "The url's host localhost is not a public address."],
])('refuses %s', async (url, message) => {
  const r = await t.admin.post(HOOKS, { url, events: ['build.published'] });
  expect([r.status, r.body]).toEqual([422, { error: { url: [message] } }]);
  expect(must(await t.admin.get(HOOKS), 200, 'list')).toEqual({ webhooks: [] });
});

it('refuses a URL that is not one, and takes a public https one', async () => {
  const bad = await t.admin.post(HOOKS, { url: 'not a url', events: ['build.published'] });
  expect([bad.status, bad.body]).toEqual([422, { error: { url: ['The url field must be a valid URL.'] } }]);
  const ok = await t.admin.post(HOOKS, { url: 'https://hooks.example.com/depot', events: ['build.published'] });
  expect(ok.status).toBe(201);
  expect(must(await t.admin.get(HOOKS), 200, 'list').webhooks).toHaveLength(1);
});
