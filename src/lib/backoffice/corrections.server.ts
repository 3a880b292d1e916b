/**
 * A person corrects the fields the back office observed: only those change, the result is
 * validated with the form's rules, and the company goes back to «En revisión», recorded and
 * mailed to the staff member who observed it.
 */
import { and, desc, eq, sql } from 'drizzle-orm';
import { companyCorrectedMail } from '@/lib/backoffice/mails.server';
import { BACKOFFICE_PATHS } from '@/lib/backoffice/urls';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  COMPANY_NOT_FOUND,
  getCompany,
  validateCompanyRequest,
} from '@/lib/formation/companies.server';
import { applyCorrection, fieldLabel, isCorrectableField } from '@/lib/formation/corrections';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { ownedOr404 } from '@/lib/server/db/queries';
import { companies, companyStatusHistory, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { enqueueMail } from '@/lib/server/mail/outbox';

const NOTHING_TO_CORRECT = 'Esta solicitud no tiene datos por corregir.';
const STALE = 'Tu solicitud cambió mientras la corregías. Revisa su estado actual.';

/** Applies `submitted` (a payload, or part of one) to the observed fields of company `id`. */
export async function correctCompany(
  db: Db,
  userId: number,
  id: number,
  version: number,
  submitted: Record<string, unknown>,
) {
  const row = await ownedOr404(db, companies, userId, id, COMPANY_NOT_FOUND);
  if (row.status !== 'observado') throw new HttpError(409, NOTHING_TO_CORRECT);
  if (row.version !== version) throw new HttpError(409, STALE);
  const type = row.type as BusinessType;
  const fields = (row.observedFields as string[]).filter(isCorrectableField);
  // An observation written before fields were a list names nothing the app can correct.
  if (fields.length === 0) throw new HttpError(409, NOTHING_TO_CORRECT);
  const payload = applyCorrection(row.payload as Record<string, unknown>, fields, submitted);
  const { type: _type, ...request } = await validateCompanyRequest(db, { ...payload, type });
  const labels = fields.map((f) => fieldLabel(f, type));
  await db.transaction(async (tx) => {
    const [saved] = await tx
      .update(companies)
      .set({
        payload: request,
        companyName: request.companyName.trim(),
        status: 'en-revision',
        observedFields: [],
        version: row.version + 1,
        updatedAt: sql`now()`,
      })
      .where(
        and(
          eq(companies.id, id),
          eq(companies.version, row.version),
          eq(companies.status, 'observado'),
        ),
      )
      .returning({ id: companies.id });
    if (!saved) throw new HttpError(409, STALE);
    await tx.insert(companyStatusHistory).values({
      companyId: id,
      status: 'en-revision',
      note: `Corregido: ${labels.join(', ')}.`,
      actorId: userId,
    });
    await tellObserver(tx, id, userId, request.companyName, labels);
  });
  return getCompany(db, userId, id);
}

/** Enqueues the mail to the staff member who made the last observation, in the correction's transaction. */
async function tellObserver(
  db: Db,
  id: number,
  userId: number,
  companyName: string,
  fields: string[],
) {
  const [[observer], [person]] = await Promise.all([
    db
      .select({ email: users.email })
      .from(companyStatusHistory)
      .innerJoin(users, eq(users.id, companyStatusHistory.actorId))
      .where(
        and(eq(companyStatusHistory.companyId, id), eq(companyStatusHistory.status, 'observado')),
      )
      .orderBy(desc(companyStatusHistory.createdAt), desc(companyStatusHistory.id))
      .limit(1),
    db.select({ name: users.fullName, email: users.email }).from(users).where(eq(users.id, userId)),
  ]);
  if (!observer || !person) return;
  await enqueueMail(db, {
    replyTo: person.email,
    ...companyCorrectedMail({
      to: observer.email,
      person: person.name || person.email,
      companyName,
      fields,
      link: siteUrl().origin + BACKOFFICE_PATHS.company(id),
    }),
  });
}
