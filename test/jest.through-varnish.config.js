// The suites of the public contract (the launcher and mod reads, Solder's own tests translated,
// the API's writes and refusals) again with every stack behind a real Varnish with the shipped VCL
// (support/varnish.ts `throughVarnish`; docs/caching.md#proven-through-varnish): what passes against
// the gateway must pass through the cache, and no credential form may leak a private pack through it.
// Run by `npm test` after the other files (run-jest.js), or alone: npm run test:through-varnish.
process.env.TEST_THROUGH_VARNISH = '1';
const base = require('./jest.config.js');

// npm test says how to get varnishd when it could not find it: skipped then, failed under CI.
const missing = process.env.TEST_VARNISHD_MISSING;
const skipped = missing !== undefined && missing !== '' && process.env.CI !== 'true';
if (skipped) console.warn(`SKIPPED: the public contract's suites through Varnish: ${missing}`);

module.exports = {
  ...base,
  displayName: 'through Varnish',
  passWithNoTests: skipped,
  testMatch: skipped
    ? []
    : [
        '<rootDir>/e2e/solder-parity/*.test.ts',
        '<rootDir>/e2e/launcher-visibility.test.ts',
        '<rootDir>/e2e/launcher-clients.test.ts',
        '<rootDir>/e2e/modpacks.test.ts',
        '<rootDir>/e2e/mods.test.ts',
        '<rootDir>/e2e/builds.test.ts',
        '<rootDir>/e2e/versions.test.ts',
        '<rootDir>/e2e/root-and-errors.test.ts',
      ],
};
