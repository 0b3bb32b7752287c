// Ports the stacks pick stay out of the kernel's ephemeral range, where an outgoing connection
// could take one between its pick and its service's listen, nor among another process's picks
// (src/ports.ts).
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePorts } from '../src/ports';

const PORTS = path.resolve(__dirname, '../src/ports.ts');

it('picks distinct free ports below the ephemeral range', async () => {
  const ports = await freePorts(40);
  expect(new Set(ports).size).toBe(40);
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  }
});

it('never picks a port another process picked a moment ago, though nothing listens on it yet', () => {
  // Two processes one after the other, each picking 300 ports and letting them go, as a stack does
  // before its services listen: by chance alone they would share about 7 of the 12,768.
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-ports-'));
  try {
    const pick = () => {
      const run = spawnSync(
        process.execPath,
        [
          '--import',
          'tsx',
          '-e',
          `require(${JSON.stringify(PORTS)}).freePorts(300).then((p) => console.log(p.join(',')))`,
        ],
        { env: { ...process.env, TMPDIR: tmp }, encoding: 'utf8' },
      );
      expect(run.stderr).toBe('');
      return run.stdout.trim().split(',').map(Number);
    };
    const first = pick();
    const second = pick();
    expect(first).toHaveLength(300);
    expect(second).toHaveLength(300);
    expect(second.filter((port) => first.includes(port))).toEqual([]);
    expect(fs.readdirSync(path.join(tmp, 'depot-port-reservations'))).toHaveLength(600);
  } finally {
    fs.rmSync(tmp, { recursive: true, force: true });
  }
});
