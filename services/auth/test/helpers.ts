// Shared by the auth service tests.
import type * as grpc from '@grpc/grpc-js';
import { fromServiceError } from '@depot/common/grpc';
import { type Orm } from '@depot/common/runtime';
import type { authV1 } from '@depot/proto';

export async function failure(p: Promise<unknown>) {
  try {
    await p;
  } catch (err) {
    return { code: (err as grpc.ServiceError).code, error: fromServiceError(err) };
  }
  throw new Error('expected the call to fail');
}

/** Why a call failed: its gRPC code, Depot reason and message (or field errors). */
export async function refusal(p: Promise<unknown>) {
  const { code, error } = await failure(p);
  return {
    code,
    reason: error?.reason,
    ...(error?.details.fields ? { fields: error.details.fields } : { message: error?.message }),
  };
}

export function actor(permissions: string[], modpack_ids: number[] = []): authV1.Principal {
  return { user_id: 1, username: 'someone', permissions, modpack_ids, token_id: 1 };
}

/** Every row of every table as text, to prove a secret is stored nowhere. */
export async function dumpDatabase(orm: Orm): Promise<string> {
  const em = orm.em.fork();
  const tables = await em.execute<{ table_name: string }[]>(
    `select table_name from information_schema.tables where table_schema = 'public'`,
  );
  let out = '';
  for (const { table_name } of tables) {
    const rows = await em.execute<{ row: string }[]>(`select t::text as row from "${table_name}" t`);
    out += rows.map((r) => r.row).join('\n');
  }
  return out;
}
