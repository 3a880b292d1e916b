/**
 * What the user has started and finished, per module (GET /api/users/me/progress/).
 * Each module reports from its own tables.
 */
import type { Db } from '@/lib/server/db/client';
import { canvasProgress } from '@/lib/canvas/canvases.server';
import { formationProgress } from '@/lib/formation/companies.server';
import { catalogueProgress } from '@/lib/shop/products.server';
import { salesCount } from '@/lib/orders/orders.server';
import { allLessons } from '@/lib/lessons/catalogue.server';
import { lessonsModuleFrom, lessonsSummary } from '@/lib/lessons/lessons.server';
import { siteProgress } from '@/lib/sites/sites.server';
import { MODULES, type ModuleKey, type ModuleProgress, type UserProgress } from '@/lib/modules';

type ModuleReporter = (db: Db, userId: number) => Promise<ModuleProgress>;

/** The shop: its catalogue, and the sales it has made ("¡Primera venta!" once the first order is paid). */
const shopProgress: ModuleReporter = async (db, userId) => {
  const [catalogue, sales] = await Promise.all([catalogueProgress(db, userId), salesCount(db, userId)]);
  if (sales === 0) return catalogue.finished ? { ...catalogue, detail: `${catalogue.detail}. Siguiente paso: tu primera venta.` } : catalogue;
  return { ...catalogue, detail: `${sales === 1 ? '¡Primera venta!' : `${sales} ventas`} · ${catalogue.detail}` };
};

/** One reporter per module but the lessons, whose card is read from the summary the answer carries anyway. */
const moduleReporters: Record<Exclude<ModuleKey, 'lecciones'>, ModuleReporter> = {
  canvas: canvasProgress,
  formalizacion: formationProgress,
  productos: shopProgress,
  sitio: siteProgress,
};
const REPORTED = Object.keys(moduleReporters) as (keyof typeof moduleReporters)[];

/** Every module's progress and the lessons', all modules' queries at once. */
export async function userProgress(db: Db, userId: number): Promise<UserProgress> {
  const [lessons, reported] = await Promise.all([
    allLessons().then((all) => lessonsSummary(db, userId, all)),
    Promise.all(REPORTED.map(async (key) => [key, await moduleReporters[key](db, userId)] as const)),
  ]);
  const modules = { ...Object.fromEntries(reported), lecciones: lessonsModuleFrom(lessons) } as Record<ModuleKey, ModuleProgress>;
  return { modules, completed: MODULES.filter((key) => modules[key].finished).length, total: MODULES.length, lessons };
}
