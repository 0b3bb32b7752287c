// Shared jest settings: TypeScript through swc (no type-check at test time; `npm run typecheck`
// does that), workspace packages resolved to their sources via the `depot-source` condition.
/** @type {(dir: string, extra?: object) => import('jest').Config} */
module.exports = (dir, extra = {}) => ({
  rootDir: dir,
  testEnvironment: 'node',
  testEnvironmentOptions: { customExportConditions: ['depot-source', 'node', 'node-addons'] },
  transform: {
    '^.+\\.(ts|js)$': [
      '@swc/jest',
      { jsc: { parser: { syntax: 'typescript' }, target: 'es2022' }, module: { type: 'commonjs' } },
    ],
  },
  // cookie@2 (used by Fastify's inject) and content-disposition@3 (the gateway's uploads read a
  // Content-Disposition header with it; @fastify/static uses it behind Swagger UI) ship ESM only, as
  // do @scure/base and @noble/hashes (under otplib, two-factor sign-in); jest's CommonJS runtime
  // needs them transformed; so do feed (the gateway's Atom feed of releases) and htmlparser2 with its
  // dom* and entities packages (under sanitize-html, which cleans release notes).
  transformIgnorePatterns: [
    '/node_modules/(?!(cookie|content-disposition|@scure/base|@noble/hashes|feed|htmlparser2|domhandler|domutils|dom-serializer|domelementtype|entities)/)',
  ],
  moduleFileExtensions: ['ts', 'js', 'json'],
  testMatch: ['<rootDir>/**/*.test.ts'],
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
  // A test that times out may leave a half-stopped service behind (a pool, a timer): its failure
  // is reported, and the run must still end instead of waiting on it for ever.
  forceExit: true,
  ...extra,
});
