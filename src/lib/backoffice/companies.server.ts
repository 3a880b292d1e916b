/**
 * The back office's companies: the queue by status with counts, one company with everything the
 * user sent and its history (who moved it, when, why), and a move along the status machine at the
 * version the staff saw, recorded and mailed to the user.
 */
import { and, asc, count, desc, eq, ilike, inArray, or, sql } from 'drizzle-orm';
import { canMove, type CompanyMove } from '@/lib/backoffice/transitions';
import { companyStatusMail } from '@/lib/backoffice/mails.server';
import { firstName } from '@/lib/accounts/user';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { statusLabel, type CompanyStatus } from '@/lib/formation/status';
import type { BusinessType } from '@/lib/formation/business-type';
import { correctableFor, fieldLabel } from '@/lib/formation/corrections';
import { siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { companies, companyStatusHistory, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { chileDay, formatDate } from '@/lib/dates';
import { enqueueMail } from '@/lib/server/mail/outbox';

export const QUEUE_PAGE_SIZE = 25;

/** The user's page of a company (the mails link to it). */
export const companyPath = (id: number) => `/dashboard/formalizacion/${id}`;

export interface QueueFilter {
  /** One status, or all when null. */
  status: string | null;
  /** One company type, or all when null. */
  type: string | null;
  /** Words in the company's name or the person's name or e-mail. */
  q: string;
}

/** `%`, `_` and `\` typed by the staff match themselves, not any text. */
const likeText = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * Companies matching `filter`, oldest first (the first sent is the first served), a page at a
 * time, with how many of each status match the rest of the filter (the tabs' counts).
 */
export async function companyQueue(db: Db, filter: QueueFilter, page: number) {
  const q = filter.q.trim();
  const matching = and(
    filter.type ? eq(companies.type, filter.type) : undefined,
    q
      ? or(
          ilike(companies.companyName, likeText(q)),
          ilike(users.fullName, likeText(q)),
          ilike(users.email, likeText(q)),
        )
      : undefined,
  );
  const where = and(matching, filter.status ? eq(companies.status, filter.status) : undefined);
  const [rows, counts] = await Promise.all([
    db
      .select({
        id: companies.id,
        type: companies.type,
        company_name: companies.companyName,
        status: companies.status,
        created_at: companies.createdAt,
        updated_at: companies.updatedAt,
        user_name: users.fullName,
        user_email: users.email,
      })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(where)
      .orderBy(asc(companies.createdAt), asc(companies.id))
      .limit(QUEUE_PAGE_SIZE)
      .offset((page - 1) * QUEUE_PAGE_SIZE),
    db
      .select({ status: companies.status, n: count() })
      .from(companies)
      .innerJoin(users, eq(users.id, companies.userId))
      .where(matching)
      .groupBy(companies.status),
  ]);
  const byStatus = Object.fromEntries(counts.map((c) => [c.status, Number(c.n)])) as Record<
    string,
    number
  >;
  const total = filter.status
    ? (byStatus[filter.status] ?? 0)
    : Object.values(byStatus).reduce((a, b) => a + b, 0);
  return {
    results: rows.map((r) => ({
      ...r,
      created_at: r.created_at.toISOString(),
      updated_at: r.updated_at.toISOString(),
    })),
    counts: byStatus,
    total,
    page,
    pages: Math.max(1, Math.ceil(total / QUEUE_PAGE_SIZE)),
  };
}

/** One company as the staff see it: the user's data, the constitution's data and the history. */
export async function companyForStaff(db: Db, id: number) {
  const [row] = await db
    .select({ company: companies, user: { name: users.fullName, email: users.email } })
    .from(companies)
    .innerJoin(users, eq(users.id, companies.userId))
    .where(eq(companies.id, id));
  if (!row) throw new HttpError(404, COMPANY_NOT_FOUND);
  const actor = sql<
    string | null
  >`(select ${users.fullName} from ${users} where ${users.id} = ${companyStatusHistory.actorId})`;
  const history = await db
    .select({
      status: companyStatusHistory.status,
      note: companyStatusHistory.note,
      by: actor,
      at: companyStatusHistory.createdAt,
    })
    .from(companyStatusHistory)
    .where(eq(companyStatusHistory.companyId, id))
    .orderBy(desc(companyStatusHistory.createdAt), desc(companyStatusHistory.id));
  const c = row.company;
  return {
    id: c.id,
    type: c.type,
    company_name: c.companyName,
    status: c.status as CompanyStatus,
    payload: c.payload,
    observed_fields: c.observedFields as string[],
    rut: c.legalRut,
    constituted_on: c.constitutedOn,
    registry_reference: c.registryReference,
    version: c.version,
    created_at: c.createdAt.toISOString(),
    user: row.user,
    history: history.map((h) => ({
      status: h.status,
      label: statusLabel(h.status),
      note: h.note,
      by: h.by,
      at: h.at.toISOString(),
    })),
  };
}

/** The person's mail about a move, enqueued with it; a reply reaches the staff member who made it. */
async function enqueueStatusMail(
  tx: Db,
  moved: typeof companies.$inferSelect,
  staffId: number,
  move: CompanyMove,
): Promise<void> {
  const people = await tx
    .select({ id: users.id, name: users.fullName, email: users.email })
    .from(users)
    .where(inArray(users.id, [moved.userId, staffId]));
  const owner = people.find((p) => p.id === moved.userId);
  const staff = people.find((p) => p.id === staffId);
  if (!owner) return;
  await enqueueMail(tx, {
    replyTo: staff?.email,
    ...companyStatusMail({
      to: owner.email,
      name: firstName({ full_name: owner.name, email: owner.email }),
      companyName: moved.companyName,
      status: move.status,
      note: move.note,
      fields:
        move.status === 'observado'
          ? move.fields.map((f) => fieldLabel(f, moved.type as BusinessType))
          : [],
      rut: moved.legalRut,
      link: siteUrl().origin + companyPath(moved.id),
    }),
  });
}

/**
 * Moves company `id` to `move.status` if that is a move from where it is and `move.version` is
 * its version (409 with the stored company otherwise); records who, when and why, and mails the
 * user.
 */
export async function moveCompany(db: Db, staffId: number, id: number, move: CompanyMove) {
  await db.transaction(async (tx) => {
    const [row] = await tx.select().from(companies).where(eq(companies.id, id)).for('update');
    if (!row) throw new HttpError(404, COMPANY_NOT_FOUND);
    if (row.version !== move.version)
      throw new HttpError(409, 'Otra persona movió esta solicitud. Revisa su estado actual.');
    if (!canMove(row.status, move.status))
      throw new HttpError(
        400,
        `No se puede pasar de «${statusLabel(row.status)}» a «${statusLabel(move.status)}».`,
        { errors: { status: ['Ese paso no está disponible desde el estado actual.'] } },
      );
    if (
      move.status === 'constituida' &&
      move.constituted_on &&
      move.constituted_on < chileDay(row.createdAt)
    )
      throw new HttpError(400, 'Revisa la fecha de constitución.', {
        errors: {
          constituted_on: [
            `La fecha de constitución no puede ser anterior al envío de la solicitud (${formatDate(row.createdAt)}).`,
          ],
        },
      });
    const type = row.type as BusinessType;
    const foreign = move.fields.filter((f) => !correctableFor(type).includes(f));
    if (foreign.length)
      throw new HttpError(400, 'Esa empresa no tiene algunos de los campos elegidos.', {
        errors: {
          fields: [
            `No aplica a este tipo de empresa: ${foreign.map((f) => fieldLabel(f)).join(', ')}.`,
          ],
        },
      });
    const [saved] = await tx
      .update(companies)
      .set({
        status: move.status,
        version: row.version + 1,
        observedFields: move.status === 'observado' ? move.fields : [],
        ...(move.status === 'constituida' && {
          legalRut: move.rut,
          constitutedOn: move.constituted_on,
          registryReference: move.registry_reference,
        }),
        updatedAt: sql`now()`,
      })
      .where(and(eq(companies.id, id), eq(companies.version, row.version)))
      .returning();
    await tx
      .insert(companyStatusHistory)
      .values({ companyId: id, status: move.status, note: move.note, actorId: staffId });
    await enqueueStatusMail(tx, saved!, staffId, move);
  });
  return companyForStaff(db, id);
}
