import { FULL, holds, isPermission, mayTouchFull, normalizePermissions, PERMISSIONS } from '../src/permissions';

test('a permission is one of the list, exactly', () => {
  for (const p of PERMISSIONS) expect(isPermission(p)).toBe(true);
  for (const p of ['root', 'SOLDER_FULL', 'solder_full ', '']) expect(isPermission(p)).toBe(false);
});

test('solder_full holds every permission; nobody holds anything without credentials', () => {
  expect(holds({ permissions: [FULL] }, 'mods_delete')).toBe(true);
  expect(holds({ permissions: ['mods_delete'] }, 'mods_delete')).toBe(true);
  expect(holds({ permissions: ['mods_create'] }, 'mods_delete')).toBe(false);
  expect(holds(null, 'mods_create')).toBe(false);
  expect(holds(undefined, 'mods_create')).toBe(false);
});

test('only a solder_full actor grants solder_full or touches a solder_full user', () => {
  const admin = { permissions: [FULL] };
  const userAdmin = { permissions: ['solder_users'] };
  expect(mayTouchFull(admin, { held: [FULL], granted: [FULL] })).toBe(true);
  expect(mayTouchFull(userAdmin, { granted: ['mods_create'] })).toBe(true);
  expect(mayTouchFull(userAdmin, { held: ['mods_create'], granted: ['modpacks_manage'] })).toBe(true);
  expect(mayTouchFull(userAdmin, { granted: [FULL] })).toBe(false);
  expect(mayTouchFull(userAdmin, { held: [FULL] })).toBe(false);
  expect(mayTouchFull(userAdmin, { held: [FULL], granted: [] })).toBe(false);
  expect(mayTouchFull(null, { granted: [FULL] })).toBe(false);
});

test('permissions are deduplicated, unknown ones dropped, in the canonical order', () => {
  expect(normalizePermissions(['mods_delete', 'root', FULL, 'mods_delete'])).toEqual([FULL, 'mods_delete']);
  expect(normalizePermissions([])).toEqual([]);
});
