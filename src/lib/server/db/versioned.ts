/**
 * Saving a document that two tabs or devices may edit at once (formation drafts, canvas
 * blocks, and next product drafts and site pages): the edit names the version it started
 * from; the stored row is locked, and either the edit becomes version + 1, or the answer is a
 * 409 carrying the stored copy so the browser can merge instead of overwriting (docs/design.md §5).
 */
import type { Db, Tx } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';

export type { Tx };

export interface VersionedSave<Row> {
  /** The version the edit started from; 0 or null: nothing was stored yet. */
  base: number | null;
  /** Reads the stored row, locked for update; undefined when there is none. */
  lock(tx: Tx): Promise<Row | undefined>;
  /** The stored row's version. */
  versionOf(row: Row): number;
  /** Writes `version`: an update of `current`, or an insert when there is none. */
  write(tx: Tx, version: number, current: Row | undefined): Promise<void>;
  /** The 409: its Spanish message and the stored copy it carries as `current`. */
  conflict: { message: string; current(row: Row | undefined): unknown };
}

/** Saves within one transaction; resolves with the new version, or throws the 409. */
export function saveVersioned<Row>(db: Db, save: VersionedSave<Row>): Promise<number> {
  return db.transaction(async (tx) => {
    const current = await save.lock(tx);
    const stored = current === undefined ? 0 : save.versionOf(current);
    if (stored !== (save.base ?? 0)) {
      throw new HttpError(409, save.conflict.message, {
        errors: {
          version: [
            stored === 0 ? 'No hay una versión guardada.' : `La versión guardada es ${stored}.`,
          ],
        },
        body: { current: save.conflict.current(current) },
      });
    }
    await save.write(tx, stored + 1, current);
    return stored + 1;
  });
}
