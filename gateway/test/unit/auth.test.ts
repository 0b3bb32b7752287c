import type { FastifyRequest } from 'fastify';
import { holds } from '@depot/common';
import { bearerToken, scopeOf, type Principal } from '../../src/pipeline/auth';

const req = (authorization?: string) =>
  ({ headers: authorization === undefined ? {} : { authorization } }) as unknown as FastifyRequest;

describe('bearerToken', () => {
  it('is undefined without an Authorization header', () => {
    expect(bearerToken(req())).toBeUndefined();
  });

  it.each([
    ['Bearer abc', 'abc'],
    ['bearer abc', 'abc'],
    ['BEARER   depot_x-Y_z  ', 'depot_x-Y_z'],
  ])('reads %j as %j', (header, token) => {
    expect(bearerToken(req(header))).toBe(token);
  });

  it.each(['', 'Bearer', 'Bearer ', 'Basic abc', 'Bearer a b', 'Token abc', 'Bearerabc'])(
    'is null for %j',
    (header) => {
      expect(bearerToken(req(header))).toBeNull();
    },
  );
});

describe('permissions', () => {
  const principal = (permissions: string[], modpack_ids: number[] = []): Principal => ({
    user_id: 1,
    username: 'u',
    permissions,
    modpack_ids,
    token_id: 1,
  });

  it('solder_full passes every check', () => {
    expect(holds(principal(['solder_full']), 'solder_users')).toBe(true);
    expect(holds(principal(['solder_full']), 'mods_delete')).toBe(true);
  });

  it('other permissions pass only their own check', () => {
    expect(holds(principal(['solder_users']), 'solder_users')).toBe(true);
    expect(holds(principal(['solder_users']), 'solder_keys')).toBe(false);
    expect(holds(principal([]), 'mods_create')).toBe(false);
  });

  it('write access is everything with solder_full, else the access list', () => {
    expect(scopeOf(principal(['solder_full'], [2]))).toEqual({ all: true, modpack_ids: [2] });
    expect(scopeOf(principal(['modpacks_manage'], [1, 3]))).toEqual({ all: false, modpack_ids: [1, 3] });
  });
});
