// What the gateway's process loads (services/common/README.md): it owns no database, so no ORM,
// query builder or PostgreSQL driver, nor common's runtime. Read from a real process: the gateway's
// app module required as `npm start` runs it (sources through tsx), its module cache listed.
import { execFileSync } from 'node:child_process';
import path from 'node:path';

const REPO = path.resolve(__dirname, '../..');

test('the gateway loads no MikroORM, knex, pg or @depot/common/runtime', () => {
  const script = `require(${JSON.stringify(path.join(REPO, 'gateway/src/app.ts'))});
    process.stdout.write(JSON.stringify(Object.keys(require.cache)));`;
  const loaded: string[] = JSON.parse(
    execFileSync(process.execPath, ['--conditions=depot-source', '-r', 'tsx/cjs', '-e', script], {
      cwd: path.join(REPO, 'gateway'),
      encoding: 'utf8',
      timeout: 60_000,
    }),
  );
  const relative = loaded.map((f) => path.relative(REPO, f));
  expect(relative).toContain('gateway/src/app.ts');
  expect(relative.filter((f) => /node_modules\/(@mikro-orm|knex|pg|pg-[a-z-]+)\//.test(f))).toEqual([]);
  expect(relative.filter((f) => f.startsWith('services/common/src/runtime/'))).toEqual([
    // The one pure module the gRPC server reads a lost database with (no driver loaded).
    'services/common/src/runtime/connection-errors.ts',
  ]);
});
