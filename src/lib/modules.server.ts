/**
 * What the user has started and finished, per module (GET /api/users/me/progress/ and the
 * dashboard). Each module reports from its own tables through a `JsonPart`, and every part is
 * read in one statement: one database round trip for the whole dashboard.
 */
import type { Db } from '@/lib/server/db/client';
import { readParts, type PartValues } from '@/lib/server/db/queries';
import { canvasProgressPart } from '@/lib/canvas/canvases.server';
import { formationProgressPart, sentCompaniesPart } from '@/lib/formation/companies.server';
import { catalogueCountsPart, catalogueProgress } from '@/lib/shop/products.server';
import { salesCountPart } from '@/lib/orders/orders.server';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { lessonsModuleFrom, lessonsSummaryPart } from '@/lib/lessons/lessons.server';
import { siteProgressPart } from '@/lib/sites/sites.server';
import { MODULES, type ModuleKey, type ModuleProgress, type UserProgress } from '@/lib/modules';

/** The shop: its catalogue, and the sales it has made ("¡Primera venta!" once the first order is paid). */
function shopProgress(counts: { total: number; published: number }, sales: number): ModuleProgress {
  const catalogue = catalogueProgress(counts);
  if (sales === 0) return catalogue.finished ? { ...catalogue, detail: `${catalogue.detail}. Siguiente paso: tu primera venta.` } : catalogue;
  return { ...catalogue, detail: `${sales === 1 ? '¡Primera venta!' : `${sales} ventas`} · ${catalogue.detail}` };
}

/** The parts every progress read needs. */
async function progressParts(userId: number) {
  return {
    canvas: canvasProgressPart(userId),
    formalizacion: formationProgressPart(userId),
    catalogue: catalogueCountsPart(userId),
    sales: salesCountPart(userId),
    sitio: siteProgressPart(userId),
    lessons: lessonsSummaryPart(userId, await allLessons()),
  };
}

type ProgressFacts = PartValues<Awaited<ReturnType<typeof progressParts>>>;

function toUserProgress(facts: ProgressFacts): UserProgress {
  const modules: Record<ModuleKey, ModuleProgress> = {
    canvas: facts.canvas,
    formalizacion: facts.formalizacion,
    productos: shopProgress(facts.catalogue, facts.sales),
    sitio: facts.sitio,
    lecciones: lessonsModuleFrom(facts.lessons),
  };
  return { modules, completed: MODULES.filter((key) => modules[key].finished).length, total: MODULES.length, lessons: facts.lessons };
}

/** Every module's progress and the lessons', in one statement. */
export async function userProgress(db: Db, userId: number): Promise<UserProgress> {
  return toUserProgress(await readParts(db, await progressParts(userId)));
}

/** The dashboard: the progress and one page of the sent companies, in one statement. */
export async function dashboardView(db: Db, userId: number, companiesPage: number, pageSize: number) {
  const { companies, ...facts } = await readParts(db, { ...(await progressParts(userId)), companies: sentCompaniesPart(userId, companiesPage, pageSize) });
  return { progress: toUserProgress(facts), companies };
}
