// What the packs the catalog makes of a build share (server packs, server-pack.ts; exports,
// export.ts): the build's versions read in one query, the pack made for a build state found by its
// key (and only while its object is in the store), and a made pack's object committed with its
// row in one transaction, the build's earlier packs let go. (Their zips: zip/pack-writer.ts.)
import type { SqlEntityManager } from '@mikro-orm/postgresql';
import type { Orm } from '@depot/common/runtime';
import type { ArchiveDigests, StagedObject } from '@depot/common/archive-store';
import { lockObject, type ArchiveObjects } from './objects';

/** A version of the build as a pack reads it. */
export interface PackVersionRow {
  id: number;
  mod: string;
  version: string;
  hosted: string | null;
  filesize: string | number | null;
  side: string | null;
}

export abstract class MadePacks {
  constructor(
    protected readonly orm: Orm,
    protected readonly objects: ArchiveObjects,
  ) {}

  protected em(): SqlEntityManager {
    return this.orm.em.fork() as SqlEntityManager;
  }

  /** The build's versions, by mod name: one query. */
  protected async versionRows(ids: number[]): Promise<PackVersionRow[]> {
    if (!ids.length) return [];
    return this.em().execute<PackVersionRow[]>(
      `select v.id, m.name as mod, v.version, v.hosted, v.filesize, v.side
         from mod_versions v join mods m on m.id = v.mod_id
        where v.id = any(string_to_array(?, ',')::int[])
        order by m.name, v.id`,
      [ids.join(',')],
    );
  }

  /** The row `sql` finds by `key`, while its object (`hosted`) is in the store. */
  protected async madeRow<T extends { hosted: string }>(sql: string, key: string): Promise<T | undefined> {
    const [row] = await this.em().execute<T[]>(sql, [key]);
    if (!row || !(await this.objects.store.head(row.hosted))) return undefined;
    return row;
  }

  /**
   * Commits `staged` and, in the same transaction, `record` writes its row and returns the objects
   * of the build's earlier packs it replaced, released then; on a failure nothing is kept.
   */
  protected async commitMade(
    staged: StagedObject,
    record: (tx: SqlEntityManager, d: ArchiveDigests) => Promise<{ hosted: string }[]>,
  ): Promise<void> {
    const d = staged.digests;
    let committed = false;
    try {
      const replaced = await this.em().transactional(async (tx) => {
        await lockObject(tx, d.sha256);
        await staged.commit();
        committed = true;
        return record(tx, d);
      });
      await this.objects.release(replaced.map((r) => r.hosted).filter((h) => h !== d.sha256));
    } catch (err) {
      if (committed) await this.objects.release([d.sha256]);
      else await staged.discard();
      throw err;
    }
  }
}
