// A Solder database on MySQL/MariaDB of any size, for measuring import-solder: the tables of
// test/fixtures/solder-mysql.sql and its catalogue scaled by `--scale` (1: 2,000 mods x 3
// versions, 5 modpacks x 10 builds x 150 mods, the shared sample's; 10: ten times that), with the
// fixture's people (users, permissions, tokens). Prints the database's URL.
//
//   npx tsx scripts/solder-mysql-catalogue.ts --scale 10 [--url mysql://root@127.0.0.1:3306] [--db name]
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import mysql from 'mysql2/promise';

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: '1' },
    url: { type: 'string', default: 'mysql://root@127.0.0.1:3306' },
    db: { type: 'string' },
  },
});
const scale = Number(values.scale);
if (!Number.isInteger(scale) || scale < 1 || scale > 100) throw new Error('--scale: a whole number from 1 to 100');
const db = values.db ?? `solder_bench_x${scale}`;
const fixture = readFileSync(path.join(__dirname, '..', 'test', 'fixtures', 'solder-mysql.sql'), 'utf8');
const schema = fixture.slice(0, fixture.indexOf('-- 0..9999'));
const people = fixture.slice(fixture.indexOf('-- People.'), fixture.indexOf('DROP TABLE fixture_seq'));

const mods = 2000 * scale;
const packs = 5 * scale;
const builds = 50 * scale;
const data = `
CREATE TABLE fixture_digits (d int NOT NULL PRIMARY KEY);
INSERT INTO fixture_digits VALUES (0), (1), (2), (3), (4), (5), (6), (7), (8), (9);
CREATE TABLE fixture_seq (i int NOT NULL PRIMARY KEY);
INSERT INTO fixture_seq
SELECT a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d
FROM fixture_digits a, fixture_digits b, fixture_digits c, fixture_digits e, fixture_digits f, fixture_digits g
WHERE a.d + 10 * b.d + 100 * c.d + 1000 * e.d + 10000 * f.d + 100000 * g.d <= ${mods};
INSERT INTO mods (id, name, pretty_name, description, author, link, created_at, updated_at)
SELECT i, concat('mod-', lpad(i, 6, '0')), concat('Example Mod ', i), concat('Example mod number ', i),
       concat('Author ', i % 97), concat('https://example.test/mods/', i), '2024-01-01 00:00:00', '2024-01-01 00:00:00'
FROM fixture_seq WHERE i BETWEEN 1 AND ${mods};
INSERT INTO modversions (id, mod_id, version, md5, filesize, created_at, updated_at)
SELECT (m.i - 1) * 3 + j.i, m.i, concat('1.20.1-', j.i, '.0.', m.i % 10), md5(concat('mod-', m.i, '-v', j.i)),
       10240 + conv(substr(md5(concat('size-', m.i, '-', j.i)), 1, 6), 16, 10), '2024-02-01 00:00:00', '2024-02-01 00:00:00'
FROM fixture_seq m, fixture_seq j WHERE m.i BETWEEN 1 AND ${mods} AND j.i BETWEEN 1 AND 3;
INSERT INTO modpacks (id, name, slug, recommended, latest, hidden, private, \`order\`, created_at, updated_at)
SELECT i, concat('Pack ', i), concat('pack', i), 'B', 'J', 0, 0, i, '2024-03-01 00:00:00', '2024-03-01 00:00:00'
FROM fixture_seq WHERE i BETWEEN 1 AND ${packs};
INSERT INTO builds (id, modpack_id, version, minecraft, is_published, private, min_java, min_memory, created_at, updated_at)
SELECT (p.i - 1) * 10 + b.i, p.i, char(64 + b.i), '1.20.1', 1, 0, '17', 4096, '2024-03-01 00:00:00', '2024-03-01 00:00:00'
FROM fixture_seq p, fixture_seq b WHERE p.i BETWEEN 1 AND ${packs} AND b.i BETWEEN 1 AND 10;
INSERT INTO build_modversion (modversion_id, build_id, created_at, updated_at)
SELECT (((k.i * 37 + m.i * 13) % ${mods})) * 3 + 1 + ((k.i + m.i) % 3), k.i, '2024-04-01 00:00:00', '2024-04-01 00:00:00'
FROM fixture_seq k, fixture_seq m WHERE k.i BETWEEN 1 AND ${builds} AND m.i BETWEEN 0 AND 149 ORDER BY k.i, m.i;
INSERT INTO \`keys\` (name, api_key, created_at, updated_at) VALUES ('platform', md5('key-1'), now(), now());
${people}
DROP TABLE fixture_seq, fixture_digits;
`;

async function main() {
  const server = await mysql.createConnection({ uri: values.url, multipleStatements: true });
  await server.query(
    `drop database if exists \`${db}\`; create database \`${db}\` character set utf8mb4 collate utf8mb4_unicode_ci`,
  );
  await server.changeUser({ database: db });
  await server.query(schema + data);
  await server.end();
  const u = new URL(values.url!);
  u.pathname = `/${db}`;
  process.stdout.write(`${u.toString()}\n`);
}

main().catch((err: unknown) => {
  process.stderr.write(`${(err as Error).message}\n`);
  process.exit(1);
});
