// The ports of a stack with replicas: one per replica (the first gateway on GATEWAY_PORT), one
// /metrics port per back-end replica, all distinct and free.
import { freePort } from '../src/ports';
import { choosePorts } from '../src/wiring';

const TWO_OF_EACH = { catalog: 2, builds: 2, auth: 2, hooks: 2, gateway: 2 };

it('gives every replica its own port and every back-end replica its own metrics port', async () => {
  const { ports, metricsPorts } = await choosePorts(0, { ...TWO_OF_EACH, auth: 3 });
  expect([ports.catalog.length, ports.builds.length, ports.auth.length, ports.gateway.length]).toEqual([2, 2, 3, 2]);
  expect([metricsPorts.catalog.length, metricsPorts.builds.length, metricsPorts.auth.length]).toEqual([2, 2, 3]);
  const all = [...Object.values(ports), ...Object.values(metricsPorts)].flat();
  expect(new Set(all).size).toBe(all.length);
  for (const port of all) expect(port).toBeGreaterThan(0);
});

it('puts the first gateway on GATEWAY_PORT and the others on free ports', async () => {
  const gatewayPort = await freePort();
  const { ports } = await choosePorts(gatewayPort, TWO_OF_EACH);
  expect(ports.gateway[0]).toBe(gatewayPort);
  expect(ports.gateway[1]).not.toBe(gatewayPort);
});
