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
import { lessonsModuleProgress, lessonsSummary } from '@/lib/lessons/lessons.server';
import { siteProgress } from '@/lib/sites/sites.server';
import { MODULES, type ModuleKey, type ModuleProgress, type UserProgress } from '@/lib/modules';

type ModuleReporter = (db: Db, userId: number) => Promise<ModuleProgress>;

/** The shop: its catalogue, and the sales it has made ("¡Primera venta!" once the first order is paid). */
const shopProgress: ModuleReporter = async (db, userId) => {
  const [catalogue, sales] = await Promise.all([catalogueProgress(db, userId), salesCount(db, userId)]);
  if (sales === 0) return catalogue.finished ? { ...catalogue, detail: `${catalogue.detail}. Siguiente paso: tu primera venta.` } : catalogue;
  return { ...catalogue, detail: `${sales === 1 ? '¡Primera venta!' : `${sales} ventas`} · ${catalogue.detail}` };
};

/** One reporter per module; features replace theirs as they land. */
export const moduleReporters: Record<ModuleKey, ModuleReporter> = {
  canvas: canvasProgress,
  formalizacion: formationProgress,
  productos: shopProgress,
  sitio: siteProgress,
  lecciones: async (db, userId) => lessonsModuleProgress(db, userId, await allLessons()),
};

export async function userProgress(db: Db, userId: number): Promise<UserProgress> {
  const entries = await Promise.all(MODULES.map(async (key) => [key, await moduleReporters[key](db, userId)] as const));
  const modules = Object.fromEntries(entries) as Record<ModuleKey, ModuleProgress>;
  const lessons = await lessonsSummary(db, userId, await allLessons());
  return { modules, completed: entries.filter(([, p]) => p.finished).length, total: MODULES.length, lessons };
}
