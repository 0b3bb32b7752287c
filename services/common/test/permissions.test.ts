import { covers, FULL, holds, isPermission, normalizePermissions, PERMISSIONS } from '../src/domain/permissions';

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

test('a caller covers a user only within its own rights; solder_full covers all', () => {
  const admin = { permissions: [FULL] };
  const helpdesk = { permissions: ['solder_users', 'mods_create'], modpack_ids: [1, 2] };
  expect(covers(admin, { permissions: [FULL, 'solder_users'], modpack_ids: [7] })).toBe(true);
  expect(covers(helpdesk, { permissions: ['mods_create'], modpack_ids: [2] })).toBe(true);
  expect(covers(helpdesk, { permissions: ['solder_users', 'mods_create'], modpack_ids: [1, 2] })).toBe(true);
  expect(covers(helpdesk, {})).toBe(true);
  // a permission, or a modpack, the caller does not hold
  expect(covers(helpdesk, { permissions: [FULL] })).toBe(false);
  expect(covers(helpdesk, { permissions: ['mods_delete'] })).toBe(false);
  expect(covers(helpdesk, { permissions: ['mods_create'], modpack_ids: [3] })).toBe(false);
  // values that name no right are the body's validation errors, not rights
  expect(covers(helpdesk, { permissions: ['root', 42, null], modpack_ids: ['x'] })).toBe(true);
  // nobody covers anyone without credentials
  expect(covers(null, {})).toBe(false);
  expect(covers(undefined, { permissions: [] })).toBe(false);
});

test('permissions are deduplicated, unknown ones dropped, in the canonical order', () => {
  expect(normalizePermissions(['mods_delete', 'root', FULL, 'mods_delete'])).toEqual([FULL, 'mods_delete']);
  expect(normalizePermissions([])).toEqual([]);
});
