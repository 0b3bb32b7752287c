// `npm test` of this workspace: jest on every file, then the public contract's suites again
// through Varnish (jest.through-varnish.config.js), each run given the same arguments (a
// --testPathPatterns subset narrows both). Fails when either does.
const { spawnSync } = require('node:child_process');

const jest = require.resolve('jest/bin/jest');
const args = process.argv.slice(2);
let status = 0;
for (const config of ['jest.config.js', 'jest.through-varnish.config.js']) {
  // A subset of files (`npm test -- e2e/foo`) may hold none of the contract's suites.
  const extra = config === 'jest.config.js' || args.length === 0 ? [] : ['--passWithNoTests'];
  const run = spawnSync(process.execPath, [jest, '-c', config, ...args, ...extra], {
    stdio: 'inherit',
    cwd: __dirname,
  });
  if (run.status !== 0) status = run.status ?? 1;
}
process.exit(status);
