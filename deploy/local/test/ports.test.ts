// Ports the stacks pick stay out of the kernel's ephemeral range, where an outgoing connection
// could take one between its pick and its service's listen (src/ports.ts).
import { freePorts } from '../src/ports';

it('picks distinct free ports below the ephemeral range', async () => {
  const ports = await freePorts(40);
  expect(new Set(ports).size).toBe(40);
  for (const port of ports) {
    expect(port).toBeGreaterThanOrEqual(20_000);
    expect(port).toBeLessThan(32_768);
  }
});
