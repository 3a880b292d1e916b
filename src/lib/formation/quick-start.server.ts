/**
 * The server's half of the quick start (docs/spec.md §4): the formation page of the pending
 * company's type fills the draft's companyName and forgets the company. Done here rather
 * than in the browser, so it also works without JavaScript and the first paint shows the name.
 */
import type { AstroCookies } from 'astro';
import { z } from '@/lib/zod';
import { BUSINESS_TYPES, type BusinessType } from '@/lib/formation/business-type';
import { getDraft, saveDraft, type StoredDraft } from '@/lib/formation/companies.server';
import { draftWithDefaults } from '@/lib/formation/draft';
import {
  QUICK_START_COOKIE,
  QUICK_START_NAME_MAX,
  type QuickStartCompany,
} from '@/lib/formation/quick-start';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';

/** The home form's fields (docs/spec.md §5: both required). */
export const quickStartSchema = z.object({
  companyName: z
    .string({ error: 'Escribe el nombre de tu empresa.' })
    .trim()
    .min(1, 'Escribe el nombre de tu empresa.')
    .max(
      QUICK_START_NAME_MAX,
      `El nombre puede tener como máximo ${QUICK_START_NAME_MAX} caracteres.`,
    ),
  type: z.enum(BUSINESS_TYPES, { error: 'Elige el tipo de empresa.' }),
});

/** The pending company in a cookie's (decoded) value, or null when there is none or it is not one. */
export function readQuickStart(raw: string | undefined): QuickStartCompany | null {
  if (!raw) return null;
  let stored: { name?: unknown; type?: unknown } | null;
  try {
    stored = JSON.parse(raw) as typeof stored;
  } catch {
    return null;
  }
  const parsed = quickStartSchema.safeParse({ companyName: stored?.name, type: stored?.type });
  return parsed.success ? { name: parsed.data.companyName, type: parsed.data.type } : null;
}

/** The person's stored draft of `type`, after applying a pending quick-start company of that type. */
export async function draftWithQuickStart(
  db: Db,
  cookies: AstroCookies,
  userId: number,
  type: BusinessType,
): Promise<{ draft: StoredDraft | null; applied: boolean }> {
  const pending = readQuickStart(cookies.get(QUICK_START_COOKIE)?.value);
  if (pending?.type !== type) return { draft: await getDraft(db, userId, type), applied: false };
  // Two tabs may apply it at once: the loser of the version check reads again and retries.
  for (let attempt = 0; ; attempt++) {
    const stored = await getDraft(db, userId, type);
    const data = { ...draftWithDefaults(type, stored?.data), companyName: pending.name };
    try {
      const draft = await saveDraft(db, userId, type, {
        data,
        baseVersion: stored?.version ?? null,
        editedAt: new Date(),
      });
      cookies.delete(QUICK_START_COOKIE, { path: '/' });
      return { draft, applied: true };
    } catch (error) {
      if (!(error instanceof HttpError && error.status === 409) || attempt > 0) throw error;
    }
  }
}
