/** The new-site form of /page-builder and of the editor without a site: one action for both. */
import { siteCreateSchema } from '@/lib/sites/schemas';
import { createSite } from '@/lib/sites/sites.server';
import { BUILDER_PATHS } from '@/lib/sites/urls';
import type { Db } from '@/lib/server/db/client';

/** Creates the site the form describes; the toast to show and where to go next (its editor). */
export async function createFromForm(db: Db, userId: number, fields: Record<string, string>) {
  const site = await createSite(db, userId, siteCreateSchema.parse(fields));
  return {
    title: 'Sitio creado',
    description: 'Edita tus bloques y publícalo cuando esté listo.',
    to: BUILDER_PATHS.editor(site.id),
  };
}
