// HOOKS_SECRET_KEY against what is stored (docs/webhooks.md#secrets): a start with a key that
// cannot read the stored signing secrets stops with a message for the operator, and one with the
// old key as HOOKS_SECRET_KEY_PREVIOUS seals them again with the new key (a rotation), after
// which the endpoints sign with the very secrets they were given. Against a real PostgreSQL.
import { createClient } from '@depot/common/grpc';
import {
  createTestDatabase,
  createTestNamespace,
  queryDatabase,
  silentLogger,
  TEST_NATS_URL,
} from '@depot/common/testing';
import { HooksService } from '@depot/proto';
import { startHooks, type HooksApp } from '../src/app';
import { hooksConfigSchema } from '../src/config';
import { ENDPOINT_SECRETS, secretBox } from '../src/endpoint';

const OLD_KEY = 'old-hooks-key-0123456789abcdefghijklmnop';
const NEW_KEY = 'new-hooks-key-0123456789abcdefghijklmnop';
const SECRETS = ['s'.repeat(32), 't'.repeat(40)];

let db: Awaited<ReturnType<typeof createTestDatabase>>;
let ns: ReturnType<typeof createTestNamespace>;

const start = (env: Record<string, string>): Promise<HooksApp> =>
  startHooks(
    hooksConfigSchema.parse({
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      HOOKS_GRPC_LISTEN: '127.0.0.1:0',
      ...env,
    }),
    { logger: silentLogger() },
  );

const stored = () =>
  queryDatabase<{ id: number; secret: string; key_id: string }>(
    db.url,
    'select id, secret, key_id from endpoints order by id',
  );

beforeAll(async () => {
  db = await createTestDatabase('hooks_secret_key');
  ns = createTestNamespace('hookskey');
  const app = await start({ HOOKS_SECRET_KEY: OLD_KEY });
  const client = createClient(HooksService, `127.0.0.1:${app.port}`);
  try {
    for (const secret of SECRETS) {
      await client.CreateEndpoint({
        scope: { modpack_id: 1, all_modpacks: false },
        url: 'https://hooks.example.com/depot',
        events: ['build.published'],
        secret,
        description: '',
      });
    }
  } finally {
    client.close();
    await app.stop();
  }
});

afterAll(async () => {
  await db?.drop();
  await ns?.drop();
});

test('a start with another key stops, saying what to set, and changes nothing', async () => {
  const before = await stored();
  expect(before.map((r) => r.key_id)).toEqual([secretBox(OLD_KEY).keyId, secretBox(OLD_KEY).keyId]);
  await expect(start({ HOOKS_SECRET_KEY: NEW_KEY })).rejects.toThrow(
    'HOOKS_SECRET_KEY is not the key the signing secrets of 2 webhook endpoint(s) were encrypted with ' +
      '(set that key, or set it as HOOKS_SECRET_KEY_PREVIOUS with a new HOOKS_SECRET_KEY to rotate)',
  );
  expect(await stored()).toEqual(before);
});

test('rotation: with the old key as HOOKS_SECRET_KEY_PREVIOUS, the secrets are sealed again with the new one', async () => {
  const app = await start({ HOOKS_SECRET_KEY: NEW_KEY, HOOKS_SECRET_KEY_PREVIOUS: OLD_KEY });
  await app.stop();
  const rows = await stored();
  const box = secretBox(NEW_KEY);
  expect(rows.map((r) => r.key_id)).toEqual([box.keyId, box.keyId]);
  expect(rows.map((r) => box.open(r.secret, ENDPOINT_SECRETS.binding(r.id)))).toEqual(SECRETS);
  // The new key alone starts now; the old one alone no longer reads them.
  await (await start({ HOOKS_SECRET_KEY: NEW_KEY })).stop();
  await expect(start({ HOOKS_SECRET_KEY: OLD_KEY })).rejects.toThrow(/is not the key the signing secrets of 2/);
});
