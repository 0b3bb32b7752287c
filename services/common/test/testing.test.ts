// testDependency: what a test that needs Redis, nats-server... sees of what `npm test` found.
import { testDependency } from '../src/testing';

const saved = { ...process.env };
afterEach(() => {
  process.env = { ...saved };
});

function env(vars: Record<string, string | undefined>) {
  for (const [k, v] of Object.entries(vars)) {
    if (v === undefined) delete process.env[k];
    else process.env[k] = v;
  }
}

test('found by npm test: its value', () => {
  env({ TEST_X_URL: 'x://found:1', TEST_X_URL_MISSING: undefined, CI: undefined });
  const dep = testDependency('TEST_X_URL', 'x://default:1');
  expect(dep).toMatchObject({ value: 'x://found:1', missing: undefined, skip: false });
  expect(dep.require()).toBe('x://found:1');
});

test('run outside npm test: the default is assumed', () => {
  env({ TEST_X_URL: undefined, TEST_X_URL_MISSING: undefined, CI: undefined });
  expect(testDependency('TEST_X_URL', 'x://default:1')).toMatchObject({ value: 'x://default:1', skip: false });
});

test('missing: skipped, except under CI where require() fails the test with the line', () => {
  const line = 'X is not installed. Install it with: sudo apt-get install x';
  env({ TEST_X_URL: undefined, TEST_X_URL_MISSING: line, CI: undefined });
  const local = testDependency('TEST_X_URL', 'x://default:1');
  expect(local).toMatchObject({ value: undefined, missing: line, skip: true });
  env({ CI: 'false' });
  expect(testDependency('TEST_X_URL', 'x://default:1').skip).toBe(true);
  env({ CI: 'true' });
  const ci = testDependency('TEST_X_URL', 'x://default:1');
  expect(ci.skip).toBe(false);
  expect(() => ci.require()).toThrow(new Error(line));
  env({ CI: '1' });
  expect(testDependency('TEST_X_URL', 'x://default:1').skip).toBe(false);
});
