// One definition of each setting: docs/archives.md lists every setting of the store with the
// description its zod schema carries, word for word.
import fs from 'node:fs';
import path from 'node:path';
import { archiveStoreEnv } from '../../src/store/settings';

const doc = fs.readFileSync(path.join(__dirname, '..', '..', '..', '..', 'docs', 'archives.md'), 'utf8');
/** The "Settings" section's table. */
const settings = doc.slice(doc.indexOf('\n## Settings'), doc.indexOf('\n## Uploading'));

test.each(Object.entries(archiveStoreEnv))('docs/archives.md describes %s as its schema does', (name, schema) => {
  const row = settings.split('\n').find((line) => line.startsWith(`| \`${name}\``));
  expect(row).toBeDefined();
  const meaning = row!
    .split(' | ')
    .at(-1)!
    .replace(/\s*\|$/, '')
    .trim();
  expect(meaning).toBe(schema.description);
});
