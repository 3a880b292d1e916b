/**
 * Forms that create something carry a one-time key (`FORM_KEY`, a hidden field made when the form
 * is rendered). The first POST with a key claims it and runs; a repeat (the back button, a double
 * click, a retry after a lost answer) waits for the first and gets where it went, creating nothing.
 */
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/handle';
import { formKeys } from '@/lib/server/db/schema';
import { z } from '@/lib/zod';

export const FORM_KEY = 'form_key';

/** The key as a form action's input reads it (`createOnce` checks its shape). */
export const formKeySchema = z.string().max(200).optional();

/** A new key for a form being rendered. */
export const newFormKey = () => randomBytes(18).toString('base64url');

const VALID_KEY = /^[A-Za-z0-9_-]{16,64}$/;
/** How long a repeat waits for the first POST of its key to finish. */
const WAIT_MS = 15_000;

/** What a create form's work gave: the thing it made, or where an earlier POST of the key went. */
export type Once<T> = { made: T } | { again: string };

/**
 * Runs `work` once per `key` and person: `locate` says where its result is shown, which later POSTs
 * of the key are sent to. A failed `work` frees the key, so the corrected form can use it again.
 * Without a (valid) key, `work` just runs.
 */
export async function createOnce<T>(
  db: Db,
  userId: number,
  key: string | undefined,
  work: () => Promise<T>,
  locate: (made: T) => string,
): Promise<Once<T>> {
  if (!key || !VALID_KEY.test(key)) return { made: await work() };
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const [claimed] = await db
      .insert(formKeys)
      .values({ userId, key })
      .onConflictDoNothing()
      .returning({ key: formKeys.key });
    const mine = and(eq(formKeys.userId, userId), eq(formKeys.key, key));
    if (claimed) {
      try {
        const made = await work();
        await db
          .update(formKeys)
          .set({ result: locate(made) })
          .where(mine);
        return { made };
      } catch (error) {
        await db.delete(formKeys).where(mine);
        throw error;
      }
    }
    const [row] = await db.select({ result: formKeys.result }).from(formKeys).where(mine);
    if (row?.result) return { again: row.result };
    // Still running (or gone, when the first failed: then this one claims it on the next turn).
    if (Date.now() > deadline) throw new Error('a form key stayed claimed without a result');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Forgets keys older than a day (their forms are long gone). */
export async function purgeFormKeys(db: Db): Promise<void> {
  await db.delete(formKeys).where(sql`${formKeys.createdAt} < now() - interval '1 day'`);
}
