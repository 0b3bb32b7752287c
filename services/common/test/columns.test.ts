import { EntitySchema } from '@mikro-orm/core';
import {
  columnList,
  columnOf,
  columnsOf,
  propertiesOf,
  selectProperties,
  toColumns,
  withDates,
} from '../src/runtime/columns';
import { timestampProperties } from '../src/runtime/entity-timestamps';

interface Pack {
  id: number;
  slug: string;
  iconMd5: string | null;
  minJava: string | null;
  createdAt: Date;
  updatedAt: Date;
}

const PackSchema = new EntitySchema<Pack>({
  name: 'Pack',
  tableName: 'packs',
  properties: {
    id: { type: 'number', primary: true },
    slug: { type: 'string' },
    iconMd5: { type: 'string', nullable: true },
    minJava: { type: 'string', nullable: true, fieldName: 'java_min' },
    ...timestampProperties,
  },
});

test('a column is the fieldName, else the ORM naming of the property', () => {
  expect(columnOf(PackSchema, 'iconMd5')).toBe('icon_md5');
  expect(columnOf(PackSchema, 'minJava')).toBe('java_min');
  expect(columnOf(PackSchema, 'createdAt')).toBe('created_at');
  expect(propertiesOf(PackSchema, ['id', 'createdAt', 'updatedAt'])).toEqual(['slug', 'iconMd5', 'minJava']);
  expect(columnList(columnsOf(PackSchema, ['slug', 'iconMd5']), 'p.')).toBe('p."slug", p."icon_md5"');
});

test('a select list names each column by its property', () => {
  expect(selectProperties(PackSchema, 'p', ['id', 'iconMd5', 'minJava'])).toBe(
    'p."id", p."icon_md5" as "iconMd5", p."java_min" as "minJava"',
  );
});

test('toColumns renames the entity properties and leaves anything else out', () => {
  expect(toColumns(PackSchema, { slug: 'a', iconMd5: null, createdAt: '2024-01-01', extra: 1 } as never)).toEqual({
    slug: 'a',
    icon_md5: null,
    created_at: '2024-01-01',
  });
});

test('withDates turns raw timestamps into Dates', () => {
  const row = {
    id: 1,
    slug: 'a',
    iconMd5: null,
    minJava: null,
    createdAt: '2024-01-01T00:00:00Z',
    updatedAt: new Date(0),
  };
  const pack = withDates<Pack>(row);
  expect(pack.createdAt).toEqual(new Date('2024-01-01T00:00:00Z'));
  expect(pack.updatedAt).toEqual(new Date(0));
});
