// Pretty logs (LOG_PRETTY=true) carry colour only toward a terminal: a log written to a file or a
// pipe is plain text, unless LOG_COLOR says otherwise (npm start tells its services, whose output
// goes through its pipe, whether its own output is a terminal).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { createLogger, logColor } from '../src/process/logger';
import { withoutStatements } from '../src/process/scrub';

const ESC = '\u001b[';

function prettyLine(env: Record<string, string>): string {
  const script = "require('./src/process/logger').createLogger('color-test').info('hello')";
  const run = spawnSync(process.execPath, ['--conditions=depot-source', '--import', 'tsx', '-e', script], {
    cwd: path.resolve(__dirname, '..'),
    env: { ...process.env, LOG_PRETTY: 'true', NO_COLOR: '', LOG_COLOR: '', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
  expect(run.status).toBe(0);
  return run.stdout;
}

test('a pretty log written to a pipe has no colour codes; LOG_COLOR=true brings them back', () => {
  const plain = prettyLine({});
  expect(plain).toMatch(/INFO.*\(color-test\/\d+.*\): hello/);
  expect(plain).not.toContain(ESC);
  expect(prettyLine({ LOG_COLOR: 'true' })).toContain(ESC);
  expect(prettyLine({ LOG_COLOR: 'true', NO_COLOR: '1' })).not.toContain(ESC);
});

test('colour: NO_COLOR first, then LOG_COLOR, then whether the output is a terminal', () => {
  expect(logColor({}, { isTTY: true })).toBe(true);
  expect(logColor({}, { isTTY: false })).toBe(false);
  expect(logColor({}, {})).toBe(false);
  expect(logColor({ LOG_COLOR: 'false' }, { isTTY: true })).toBe(false);
  expect(logColor({ LOG_COLOR: 'true' }, { isTTY: false })).toBe(true);
  expect(logColor({ NO_COLOR: '1', LOG_COLOR: 'true' }, { isTTY: true })).toBe(false);
  expect(logColor({ NO_COLOR: '' }, { isTTY: true })).toBe(true);
});

test('a failed statement is logged without its SQL, whose inlined values may be credentials', () => {
  const digest = 'ecd9d0e3060ed05309c6ed50e5754e915561c7a5aa8406d8bc0b989c30208e37';
  // MikroORM's DriverException carries knex's message: the statement, parameters inlined, then the reason
  const statement = `select c.id from clients c where c.uuid_hash = '${digest}' - read ECONNRESET`;
  class DriverException extends Error {
    override name = 'DriverException';
    sql = statement;
  }
  const lines: string[] = [];
  const logger = createLogger('statements', 'info', { write: (line: string) => void lines.push(line) });
  logger.warn({ err: String(new DriverException(statement)) }, 'dependency unavailable');
  logger.error({ err: new DriverException(statement) }, 'unhandled error');
  const [text, object] = lines.map((l) => JSON.parse(l));
  expect(text.err).toBe('DriverException: [statement] - read ECONNRESET');
  expect(object.err).toMatchObject({ type: 'DriverException', message: '[statement] - read ECONNRESET' });
  expect(object.err.stack).toMatch(/^DriverException: \[statement\] - read ECONNRESET\n\s+at /);
  expect(lines.join('')).not.toContain(digest);
  // other errors pass as they are
  expect(withoutStatements('Error: connect ECONNREFUSED 127.0.0.1:5432')).toBe(
    'Error: connect ECONNREFUSED 127.0.0.1:5432',
  );
});
