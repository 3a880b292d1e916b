/**
 * Forms that create something are made once per submission. A repeat (the back button with the
 * browser's restored fields, a double click, a retry after a lost answer) waits for the first and
 * gets where it went, creating nothing. What identifies a submission is the person and what the
 * form says (`content`, for 10 minutes): the browser re-renders a form it goes back to, so a key
 * made at render time comes back new while the restored fields are the same
 * (docs/decisions/2026-11-28-create-once-by-content.md). Forms that pass no content use the
 * one-time key they carry (`FORM_KEY`, a hidden field made when the form is rendered).
 */
import { createHash, randomBytes } from 'node:crypto';
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

/** How long the same content from the same person is the same submission. */
const CONTENT_WINDOW_MINUTES = 10;

/** The key of a form's content: its fields in a fixed order, the one-time key left out. */
export function contentKey(form: string, content: unknown): string {
  const canonical = JSON.stringify(content, (_name, value: unknown) =>
    value && typeof value === 'object' && !Array.isArray(value)
      ? Object.fromEntries(
          Object.entries(value as Record<string, unknown>)
            .filter(([name]) => name !== FORM_KEY)
            .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
        )
      : value,
  );
  return `c_${createHash('sha256').update(`${form}\n${canonical}`).digest('base64url').slice(0, 40)}`;
}

/**
 * Runs `work` once per person and submission: `locate` says where its result is shown, which
 * later POSTs of it are sent to. The submission is `content.form` with its fields when given
 * (for 10 minutes), else the form's one-time `key`. A failed `work` frees it, so the corrected form
 * can be sent again. Without either, `work` just runs.
 */
export async function createOnce<T>(
  db: Db,
  userId: number,
  formKey: string | undefined,
  work: () => Promise<T>,
  locate: (made: T) => string,
  content?: { form: string; fields: unknown },
): Promise<Once<T>> {
  const key = content
    ? contentKey(content.form, content.fields)
    : formKey && VALID_KEY.test(formKey)
      ? formKey
      : null;
  if (!key) return { made: await work() };
  if (content)
    // The same content long after is a new thing the person means to make.
    await db
      .delete(formKeys)
      .where(
        and(
          eq(formKeys.userId, userId),
          eq(formKeys.key, key),
          sql`${formKeys.createdAt} < now() - make_interval(mins => ${CONTENT_WINDOW_MINUTES})`,
        ),
      );
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
