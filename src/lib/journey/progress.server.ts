/**
 * What the user has started and finished, per module (GET /api/users/me/progress/ and the
 * dashboard). Each module reports from its own tables through a `JsonPart`, and every part is
 * read in one statement: one database round trip for the whole dashboard.
 */
import { shopIdentifiedPart, shopSellsAsPart } from '@/lib/shop/seller-identity.server';
import type { Db } from '@/lib/server/db/client';
import { sql } from 'drizzle-orm';
import { readParts, type JsonPart, type PartValues } from '@/lib/server/db/queries';
import { dashboardVersions } from '@/lib/server/db/schema';
import { privateAnswers } from '@/lib/server/private-answers';
import { canvasProgressPart } from '@/lib/canvas/canvases.server';
import { formationProgressPart, sentCompaniesPart } from '@/lib/formation/companies.server';
import { catalogueCountsPart, catalogueProgress } from '@/lib/shop/catalogue-counts.server';
import { salesCountPart, toAttendPart } from '@/lib/orders/book.server';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { lessonsModuleFrom, lessonsSummaryPart } from '@/lib/lessons/lessons.server';
import { siteProgressPart } from '@/lib/sites/sites.server';
import { undocumentedPart } from '@/lib/invoicing/undocumented.server';
import { taxStartPart } from '@/lib/formation/tax-start.server';
import { MODULES, type ModuleKey, type UserProgress } from '@/lib/journey/modules';
import { type ModuleProgress } from '@/lib/progress';
import { nextStep, stagesDone } from '@/lib/journey/next-step';
import { nextLessonOf, type JourneyView } from '@/lib/journey/journey';
import { lessonPath } from '@/lib/lessons/urls';
import { cardAccountsPart } from '@/lib/shop/offered.server';

/**
 * The shop: its catalogue, the sales it has made ("¡Primera venta!" once the first order is
 * paid), and first of all the orders waiting for the seller.
 */
function shopProgress(
  counts: { total: number; published: number },
  sales: number,
  toAttend: number,
): ModuleProgress {
  const catalogue = catalogueProgress(counts);
  const waiting = toAttend
    ? `${toAttend} ${toAttend === 1 ? 'orden' : 'órdenes'} por atender · `
    : '';
  if (sales === 0)
    return {
      ...catalogue,
      detail:
        waiting +
        (catalogue.finished && !toAttend
          ? `${catalogue.detail}. Siguiente paso: tu primera venta.`
          : catalogue.detail),
    };
  return {
    ...catalogue,
    detail: `${waiting}${sales === 1 ? '¡Primera venta!' : `${sales} ventas`} · ${catalogue.detail}`,
  };
}

/** The parts every progress read needs. */
async function progressParts(userId: number) {
  return {
    canvas: canvasProgressPart(userId),
    formalizacion: formationProgressPart(userId),
    catalogue: catalogueCountsPart(userId),
    sales: salesCountPart(userId),
    toAttend: toAttendPart(userId),
    identified: shopIdentifiedPart(userId),
    sitio: siteProgressPart(userId),
    lessons: lessonsSummaryPart(userId, await allLessons()),
  };
}

type ProgressFacts = PartValues<Awaited<ReturnType<typeof progressParts>>>;

function toUserProgress(facts: ProgressFacts): UserProgress {
  const modules: Record<ModuleKey, ModuleProgress> = {
    canvas: facts.canvas,
    formalizacion: facts.formalizacion,
    productos: shopProgress(facts.catalogue, facts.sales, facts.toAttend),
    sitio: facts.sitio,
    lecciones: lessonsModuleFrom(facts.lessons),
  };
  return {
    modules,
    completed: MODULES.filter((key) => modules[key].finished).length,
    total: MODULES.length,
    lessons: facts.lessons,
  };
}

/** Every module's progress and the lessons', in one statement. */
export async function userProgress(db: Db, userId: number): Promise<UserProgress> {
  return toUserProgress(await readParts(db, await progressParts(userId)));
}

/**
 * What the dashboard reads, as parts of one statement: the progress, one page of the sent
 * companies, and the user's dashboard version. Every table these parts read must move that
 * version through a `dashboard_touch` trigger (migration 0009), or the kept rendering goes
 * stale; tests/api/platform/dashboard-cache.test.ts checks it.
 */
export async function dashboardParts(userId: number, companiesPage: number, pageSize: number) {
  return {
    ...(await journeyParts(userId)),
    companies: sentCompaniesPart(userId, companiesPage, pageSize),
    undocumented: undocumentedPart(userId),
    version: dashboardVersionPart(userId),
  };
}

/** What the path reads beyond the progress: the tax start, who sells, the card accounts. */
async function journeyParts(userId: number) {
  return {
    ...(await progressParts(userId)),
    taxStart: taxStartPart(userId),
    sellsAs: shopSellsAsPart(userId),
    providers: cardAccountsPart(userId),
  };
}

type JourneyFacts = PartValues<Awaited<ReturnType<typeof journeyParts>>>;

/** The path's island's view: the next step and what it can do in place. */
async function journeyOf(facts: JourneyFacts): Promise<JourneyView> {
  const path = {
    canvas: facts.canvas,
    formation: facts.formalizacion,
    catalogue: facts.catalogue,
    site: facts.sitio,
    sales: facts.sales,
    toAttend: facts.toAttend,
    identified: facts.identified,
    taxStart: facts.taxStart,
    sellsAs: facts.sellsAs,
  };
  return {
    next: nextStep(path),
    done: stagesDone(path),
    providers: facts.providers,
    selling: facts.catalogue.published > 0,
    lesson: nextLessonOf(await allLessons(), facts.lessons.items, lessonPath),
  };
}

/** `GET /api/users/me/journey/`: the path again, after the island acted in place. */
export async function journeyView(db: Db, userId: number): Promise<JourneyView> {
  return journeyOf(await readParts(db, await journeyParts(userId)));
}

/** The dashboard: the progress, one page of the sent companies and the version they are at, in one statement. */
export async function dashboardView(
  db: Db,
  userId: number,
  companiesPage: number,
  pageSize: number,
) {
  const parts = await dashboardParts(userId, companiesPage, pageSize);
  const { companies, version, undocumented, ...facts } = await privateAnswers.readingDashboard(
    userId,
    () => readParts(db, parts),
  );
  const journey = await journeyOf(facts);
  return { progress: toUserProgress(facts), journey, companies, undocumented, version };
}

/** The user's dashboard version (0 before anything of theirs was written). */
function dashboardVersionPart(userId: number): JsonPart<number> {
  return {
    sql: sql`select coalesce(max(${dashboardVersions.version}), 0) from ${dashboardVersions} where
      ${dashboardVersions.userId} = ${userId}`,
    read: (version: number | string) => Number(version),
  };
}
