// Where npm start puts the gateways' access lines (src/access-log.ts): a file under .data/logs with
// pretty logs, unless ACCESS_LOG_FILE says otherwise; every gateway replica is told, no other service.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ACCESS_LOG_DEFAULT, npmStartAccessLog, rotateAccessLog } from '../src/access-log';
import { resolveSettings, serviceEnvironment } from '../src/config';
import { DATA_ROOT } from '../src/data-dir';

const wiring = {
  natsUrl: 'nats://127.0.0.1:4333',
  archiveDir: '/tmp/archives',
  databases: {
    catalog: 'postgres://h/x_catalog',
    builds: 'postgres://h/x_builds',
    auth: 'postgres://h/x_auth',
    hooks: 'postgres://h/x_hooks',
  },
  ports: { catalog: [1001], builds: [1002], auth: [1003], hooks: [1005], gateway: [1004, 1014] },
  metricsPorts: { catalog: [2001], builds: [2002], auth: [2003], hooks: [2005] },
};

test('npm start: the access lines in .data/logs with pretty logs, else where ACCESS_LOG_FILE says', () => {
  expect(ACCESS_LOG_DEFAULT).toBe(path.join(DATA_ROOT, 'logs', 'gateway-access.log'));
  expect(npmStartAccessLog(true, {})).toBe(ACCESS_LOG_DEFAULT);
  // set (a file, or empty: on the terminal), it is the gateways' own; LOG_PRETTY=false: JSON with the rest
  expect(npmStartAccessLog(true, { ACCESS_LOG_FILE: '' })).toBeUndefined();
  expect(npmStartAccessLog(true, { ACCESS_LOG_FILE: '/var/log/a.log' })).toBeUndefined();
  expect(npmStartAccessLog(false, {})).toBeUndefined();
});

test('every gateway replica is given the file, no other service', () => {
  const settings = resolveSettings({ adminToken: 'admin-token-0123456789', accessLogFile: '/x/access.log' }, {});
  expect(serviceEnvironment('gateway', settings, wiring, 0).ACCESS_LOG_FILE).toBe('/x/access.log');
  expect(serviceEnvironment('gateway', settings, wiring, 1).ACCESS_LOG_FILE).toBe('/x/access.log');
  expect(serviceEnvironment('catalog', settings, wiring).ACCESS_LOG_FILE).toBeUndefined();
  const unset = resolveSettings({ adminToken: 'admin-token-0123456789' }, {});
  expect('ACCESS_LOG_FILE' in serviceEnvironment('gateway', unset, wiring)).toBe(false);
});

test('a file over 64 MiB moves aside at start; a smaller one or none is left as it is', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'depot-access-rotate-'));
  try {
    const file = path.join(dir, 'gateway-access.log');
    rotateAccessLog(file);
    fs.writeFileSync(file, 'small\n');
    rotateAccessLog(file);
    expect(fs.readFileSync(file, 'utf8')).toBe('small\n');
    fs.truncateSync(file, 64 * 1024 * 1024 + 1);
    rotateAccessLog(file);
    expect(fs.existsSync(file)).toBe(false);
    expect(fs.statSync(`${file}.1`).size).toBe(64 * 1024 * 1024 + 1);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
