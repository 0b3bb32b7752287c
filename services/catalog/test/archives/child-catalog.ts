// A catalog as a process of its own (as deployed), on a fresh database and NATS namespace, for
// measuring what it costs apart from the caller: its RSS and CPU time, read from /proc.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { createClient } from '@depot/common/grpc';
import { createTestDatabase, createTestNamespace, eventually, TEST_NATS_URL } from '@depot/common/testing';
import { CatalogService } from '@depot/proto';

const MAIN = path.join(__dirname, '..', '..', 'src', 'main.ts');

export interface ChildCatalog {
  address: string;
  pid: number;
  /** Resident memory, bytes. */
  rss(): number;
  /** User + system CPU time so far, milliseconds. */
  cpuMs(): number;
  stop(): Promise<void>;
}

async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** Starts it with `env` (the store's settings...) and creates the mods named in `mods`. */
export async function startChildCatalog(env: Record<string, string>, mods: string[]): Promise<ChildCatalog> {
  const db = await createTestDatabase('catalog_child');
  const ns = createTestNamespace('catalog_child');
  const address = `127.0.0.1:${await freePort()}`;
  const child: ChildProcess = spawn(process.execPath, ['--conditions=depot-source', '--import', 'tsx', MAIN], {
    env: {
      ...process.env,
      DATABASE_URL: db.url,
      NATS_URL: TEST_NATS_URL,
      EVENTS_NAMESPACE: ns.namespace,
      CATALOG_GRPC_LISTEN: address,
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  const client = createClient(CatalogService, address, { deadlineMs: 2000 });
  try {
    await eventually(() => client.ListMods({}).then(() => true), 30_000, 200);
    for (const name of mods) await client.CreateMod({ name, pretty_name: name });
  } finally {
    client.close();
  }
  const stat = () => fs.readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return {
    address,
    pid: child.pid!,
    rss: () => Number(/VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${child.pid}/status`, 'utf8'))![1]) * 1024,
    // utime and stime, fields 14 and 15 of /proc/<pid>/stat, in clock ticks (100 a second).
    cpuMs: () => (Number(stat()[11]) + Number(stat()[12])) * 10,
    async stop() {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once('exit', resolve));
        child.kill('SIGTERM');
        await exited;
      }
      await ns.drop();
      await db.drop();
    },
  };
}
