// runConsumer's `inOrder` (src/bus/nats.ts), against the machine's NATS: two processes of one
// durable (two hooks replicas) handle the events strictly in stream order, and an event whose
// handling fails is retried before any event after it, as the webhooks' deliveries need.
import { eventSubject } from '../src/domain/events';
import { connectBus, ensureStream, runConsumer, sleep, type Bus, type ConsumerHandle } from '../src/bus/nats';
import { createTestNamespace, eventually, silentLogger, TEST_NATS_URL } from '../src/testing';

let ns: ReturnType<typeof createTestNamespace>;
let buses: Bus[] = [];

beforeEach(async () => {
  ns = createTestNamespace('inorder');
  buses = await Promise.all([0, 1].map(() => connectBus(TEST_NATS_URL, ns.namespace, silentLogger())));
  await ensureStream(buses[0]);
});

afterEach(async () => {
  await Promise.all(buses.map((b) => b.close()));
  await ns.drop();
});

/** Two consumers of one durable; `handle` is each one's handler of a mod id. */
function replicas(inOrder: boolean, handle: (id: number) => Promise<void>): ConsumerHandle[] {
  return buses.map((bus) =>
    runConsumer(bus, {
      durable: 'in-order',
      types: ['mod.deleted'],
      logger: silentLogger(),
      inOrder,
      handler: async ({ data }) => handle(data.mod_id),
    }),
  );
}

async function publish(ids: number[]) {
  for (const id of ids) {
    await buses[0].js.publish(
      eventSubject(ns.namespace, 'mod.deleted'),
      JSON.stringify({ mod_id: id, version_ids: [] }),
    );
  }
}

test('two processes of the durable handle the events one at a time, in stream order', async () => {
  const handled: number[] = [];
  let busy = 0;
  let overlapped = false;
  const consumers = replicas(true, async (id) => {
    overlapped ||= busy++ > 0;
    // The odd ones slow: with two at a time, an even one would finish first.
    await sleep(id % 2 ? 20 : 2);
    busy--;
    handled.push(id);
  });
  try {
    // More than one process's batch (16): without inOrder the second takes the next ones meanwhile.
    const ids = Array.from({ length: 40 }, (_, i) => i + 1);
    await publish(ids);
    await eventually(async () => handled.length === ids.length, 20_000);
    expect(handled).toEqual(ids);
    expect(overlapped).toBe(false);
  } finally {
    await Promise.all(consumers.map((c) => c.stop()));
  }
});

test('an event that fails is retried before any event after it', async () => {
  const seen: string[] = [];
  let failures = 0;
  const consumers = replicas(true, async (id) => {
    if (id === 2 && failures < 2) {
      failures++;
      seen.push(`2 failed`);
      throw new Error('the database is away');
    }
    seen.push(String(id));
  });
  try {
    await publish([1, 2, 3, 4]);
    await eventually(async () => seen.length === 6, 20_000);
    await sleep(300); // would reveal an event handled twice
    expect(seen).toEqual(['1', '2 failed', '2 failed', '2', '3', '4']);
  } finally {
    await Promise.all(consumers.map((c) => c.stop()));
  }
});
