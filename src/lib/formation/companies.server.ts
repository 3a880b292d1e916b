/** Company formation: virtual-office plans, synced drafts, sent companies and their history. */
import { isBusinessType } from '@/lib/formation/business-type';
import { isForCompanies } from '@/lib/chile/activities';
import { activityByCode } from '@/lib/chile/activities.server';
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  companyRequestSchema,
  draftFromPayload,
  type CompanyRequest,
} from '@/lib/formation/payload';
import { validateDraft } from '@/lib/formation/validation';
import type { ModuleProgress } from '@/lib/progress';
import type { Db } from '@/lib/server/db/client';
import { listPage, ownedOr404, type JsonPart } from '@/lib/server/db/queries';
import { saveVersioned } from '@/lib/server/db/versioned';
import { companies, companyDrafts, companyStatusHistory, voPlans } from '@/lib/server/db/schema';
import { HttpError, type FieldErrors } from '@/lib/server/http/errors';

/** The plans as the API shows them (`VoPlan` of the draft). */
export async function listVoPlans(db: Db) {
  const rows = await db
    .select()
    .from(voPlans)
    .where(eq(voPlans.active, true))
    .orderBy(asc(voPlans.sortOrder));
  return rows.map((p) => ({ id: p.id, name: p.name, price_clp: p.priceClp, features: p.features }));
}

// Drafts

export interface StoredDraft {
  data: unknown;
  version: number;
  edited_at: string;
}

export async function getDraft(
  db: Db,
  userId: number,
  type: BusinessType,
): Promise<StoredDraft | null> {
  const [row] = await db
    .select()
    .from(companyDrafts)
    .where(and(eq(companyDrafts.userId, userId), eq(companyDrafts.type, type)));
  return row
    ? { data: row.data, version: row.version, edited_at: row.editedAt.toISOString() }
    : null;
}

/**
 * Saves a draft if `baseVersion` is the stored version (null: none stored yet). Otherwise a
 * 409 carrying the stored draft as `current`, so the browser can merge instead of overwriting.
 */
export async function saveDraft(
  db: Db,
  userId: number,
  type: BusinessType,
  input: { data: unknown; baseVersion: number | null; editedAt: Date },
): Promise<StoredDraft> {
  const mine = and(eq(companyDrafts.userId, userId), eq(companyDrafts.type, type));
  const version = await saveVersioned(db, {
    base: input.baseVersion,
    lock: async (tx) => (await tx.select().from(companyDrafts).where(mine).for('update'))[0],
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      if (current)
        await tx
          .update(companyDrafts)
          .set({ data: input.data, version, editedAt: input.editedAt, updatedAt: sql`now()` })
          .where(mine);
      else
        await tx
          .insert(companyDrafts)
          .values({ userId, type, data: input.data, version, editedAt: input.editedAt });
    },
    conflict: {
      message: 'Tu borrador cambió en otro dispositivo. Combinamos los cambios; revisa los datos.',
      current: (row) =>
        row
          ? { data: row.data, version: row.version, edited_at: row.editedAt.toISOString() }
          : { data: null, version: 0, edited_at: null },
    },
  });
  return { data: input.data, version, edited_at: input.editedAt.toISOString() };
}

export async function deleteDraft(db: Db, userId: number, type: BusinessType): Promise<void> {
  await db
    .delete(companyDrafts)
    .where(and(eq(companyDrafts.userId, userId), eq(companyDrafts.type, type)));
}

// Companies

/** Validates a request with the form's rules; a 400 lists every problem by field. */
export async function validateCompanyRequest(db: Db, body: unknown): Promise<CompanyRequest> {
  const request = companyRequestSchema.parse(body);
  const errors: FieldErrors = {};
  if (request.type === 'eirl' && request.partnersInfo.length !== 1)
    errors.partnersInfo = ['Una EIRL tiene un único titular.'];
  const draft = draftFromPayload(request);
  const byStep = validateDraft(request.type, draft);
  for (const stepErrors of Object.values(byStep)) {
    for (const [path, message] of Object.entries(stepErrors)) {
      // Draft paths → payload field names (docs/spec.md §3).
      const key = path
        .replace(/^personalInfo/, 'partnersInfo.0')
        .replace(/^partnersPersonalInfo/, 'partnersInfo');
      (errors[key] ??= []).push(message);
    }
  }
  const unknown = request.activityCodes.filter((code) => !activityByCode(code));
  const forPeople = request.activityCodes.filter((code) => {
    const activity = activityByCode(code);
    return activity && !isForCompanies(activity);
  });
  if (unknown.length)
    (errors.activityCodes ??= []).push(
      `Estos códigos no están en la lista del SII: ${unknown.join(', ')}.`,
    );
  if (forPeople.length)
    (errors.activityCodes ??= []).push(
      `Estas actividades son de segunda categoría y no aplican a una empresa: ${forPeople.join(', ')}.`,
    );
  if (request.voplan !== null) {
    const [plan] = await db
      .select({ id: voPlans.id })
      .from(voPlans)
      .where(and(eq(voPlans.id, request.voplan), eq(voPlans.active, true)));
    if (!plan) errors.voplan = ['El plan de oficina virtual elegido no existe.'];
  }
  if (Object.keys(errors).length)
    throw new HttpError(
      400,
      'Revisa los datos de tu empresa: hay campos incompletos o con errores.',
      { errors },
    );
  return request;
}

type CompanyRow = typeof companies.$inferSelect;

/** What another user's company, or one that does not exist, answers. */
export const COMPANY_NOT_FOUND = 'No encontramos esa empresa.';

type SummaryRow = Pick<
  CompanyRow,
  'id' | 'type' | 'companyName' | 'status' | 'createdAt' | 'updatedAt'
>;

function toSummary(row: SummaryRow) {
  return {
    id: row.id,
    type: row.type,
    companyName: row.companyName,
    status: row.status,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stores a sent company with status `enviado`, its first history entry, and drops the synced draft. */
export async function createCompany(db: Db, userId: number, request: CompanyRequest) {
  const { type, ...payload } = request;
  const row = await db.transaction(async (tx) => {
    const [company] = await tx
      .insert(companies)
      .values({
        userId,
        type,
        companyName: payload.companyName.trim(),
        payload,
        voPlanId: payload.voplan,
        status: 'enviado',
      })
      .returning();
    await tx.insert(companyStatusHistory).values({
      companyId: company!.id,
      status: 'enviado',
      note: 'Solicitud enviada desde Impulsa.',
    });
    await tx
      .delete(companyDrafts)
      .where(and(eq(companyDrafts.userId, userId), eq(companyDrafts.type, type)));
    return company!;
  });
  return getCompany(db, userId, row.id);
}

/** One company of `userId`, with its payload, plan and history; 404 for anyone else's. */
export async function getCompany(db: Db, userId: number, id: number) {
  const row = await ownedOr404(db, companies, userId, id, COMPANY_NOT_FOUND);
  const history = await db
    .select({
      status: companyStatusHistory.status,
      note: companyStatusHistory.note,
      created_at: companyStatusHistory.createdAt,
    })
    .from(companyStatusHistory)
    .where(eq(companyStatusHistory.companyId, id))
    .orderBy(asc(companyStatusHistory.createdAt), asc(companyStatusHistory.id));
  const [plan] =
    row.voPlanId === null
      ? [null]
      : await db
          .select({
            id: voPlans.id,
            name: voPlans.name,
            price_clp: voPlans.priceClp,
            features: voPlans.features,
          })
          .from(voPlans)
          .where(eq(voPlans.id, row.voPlanId));
  return {
    ...toSummary(row),
    payload: row.payload,
    /** What the back office asked to correct (while observed), and the constitution's data. */
    observed_fields: row.observedFields as string[],
    version: row.version,
    rut: row.legalRut,
    constituted_on: row.constitutedOn,
    registry_reference: row.registryReference,
    /** The day it started activities at the SII, once its owner recorded it. */
    activities_started_on: row.activitiesStartedOn,
    voplan: plan ?? null,
    history: history.map((h) => ({ ...h, created_at: h.created_at.toISOString() })),
  };
}

/** The order of a user's sent companies: newest first. */
const NEWEST_FIRST = [desc(companies.createdAt), desc(companies.id)];

/** The user's sent companies, newest first. */
export async function listCompanies(db: Db, userId: number, page: number, pageSize: number) {
  const { total, rows } = await listPage(
    db,
    companies,
    eq(companies.userId, userId),
    NEWEST_FIRST,
    page,
    pageSize,
  );
  return { total, results: rows.map(toSummary) };
}

/**
 * The formation card's part of the dashboard's statement: started with a draft or a company;
 * finished once one is sent. "Seguir con mi empresa" opens the draft being written, or else the
 * company sent last (never a blank form).
 */
export function formationProgressPart(userId: number): JsonPart<ModuleProgress> {
  const newestFirst = sql.join(NEWEST_FIRST, sql`, `);
  const latest = sql`(select ${companies.id} from ${companies}
    where ${companies.userId} = ${userId} order by ${newestFirst} limit 1)`;
  const draft = sql`(select ${companyDrafts.type} from ${companyDrafts} where
    ${companyDrafts.userId} = ${userId} order by ${companyDrafts.updatedAt} desc limit 1)`;
  return {
    sql: sql`select json_build_object('sent', (select count(*) from ${companies} where
      ${companies.userId} = ${userId}), 'drafts', (select count(*) from ${companyDrafts} where
      ${companyDrafts.userId} = ${userId}), 'latest', ${latest}, 'draft', ${draft})`,
    read: (facts: {
      sent: number;
      drafts: number;
      latest: number | null;
      draft: string | null;
    }) => ({
      started: facts.sent + facts.drafts > 0,
      finished: facts.sent > 0,
      ...(facts.draft && isBusinessType(facts.draft)
        ? { href: `/modelo-de-negocio/${facts.draft}` }
        : facts.latest
          ? { href: `/dashboard/formalizacion/${facts.latest}` }
          : {}),
    }),
  };
}

type SummaryJson = {
  id: number;
  type: string;
  company_name: string;
  status: string;
  created_at: string;
  updated_at: string;
};

/** `listCompanies` as a part of the dashboard's statement: the same count, page and order. */
export function sentCompaniesPart(
  userId: number,
  page: number,
  pageSize: number,
): JsonPart<{ total: number; results: ReturnType<typeof toSummary>[] }> {
  const columns = sql`${companies.id} as id, ${companies.type} as type, ${companies.companyName} as
    company_name, ${companies.status} as status, ${companies.createdAt} as created_at,
    ${companies.updatedAt} as updated_at`;
  const pageRows = sql`select ${columns} from ${companies} where ${companies.userId} = ${userId}
    order by ${sql.join(NEWEST_FIRST, sql`, `)} limit ${pageSize} offset ${(page - 1) * pageSize}`;
  return {
    sql: sql`select json_build_object('total', (select count(*) from ${companies} where
      ${companies.userId} = ${userId}), 'results', (select coalesce(json_agg(page), '[]'::json) from
      (${pageRows}) page))`,
    read: ({ total, results }: { total: number; results: SummaryJson[] }) => ({
      total,
      results: results.map((r) =>
        toSummary({
          id: r.id,
          type: r.type,
          companyName: r.company_name,
          status: r.status,
          createdAt: new Date(r.created_at),
          updatedAt: new Date(r.updated_at),
        }),
      ),
    }),
  };
}
