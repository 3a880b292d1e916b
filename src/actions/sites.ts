/**
 * The builder's forms (docs/design.md §7 Sites): a new site, and everything on a site's page —
 * publish, settings, pages, its own domain, delete. Each answers the toast and where to go next
 * (the site's page when `to` is absent).
 */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { createOnce } from '@/lib/server/http/once';
import { requireShop } from '@/lib/team/shop.server';
import { getDb } from '@/lib/server/db/client';
import { domainSchema } from '@/lib/sites/domains';
import { removeDomain, setDomain, verifyDomain } from '@/lib/sites/domains.server';
import { pageCreateSchema, siteCreateSchema, siteFromCanvasSchema } from '@/lib/sites/schemas';
import { createSiteFromCanvas } from '@/lib/sites/from-canvas.server';
import { loadOwnedCanvas } from '@/lib/canvas/load.server';
import { HttpError } from '@/lib/server/http/errors';
import { settingsFromForm } from '@/lib/sites/site-form';
import { createPage, deletePage, getPage } from '@/lib/sites/site-pages.server';
import {
  createSite,
  deleteSite,
  getSite,
  publishSite,
  SITE_NOT_FOUND,
  updateSite,
} from '@/lib/sites/sites.server';
import { BUILDER_PATHS } from '@/lib/sites/urls';
import type { FlashInput } from '@/lib/toast/flash';
import { z } from '@/lib/zod';
import type { ActionAPIContext } from 'astro:actions';
import { plural } from '@/lib/plural';

/** A form's outcome: the toast, and the page to go to (the site's own page when absent). */
export type FormDone = FlashInput & { to?: string };

const site = { site: rowIdField(SITE_NOT_FOUND) };
const nothing = z.object({});
const seller = async (context: ActionAPIContext) => ({
  db: await getDb(),
  userId: requireShop(context.locals).id,
});
const domainStep = (siteId: number) => `${BUILDER_PATHS.site(siteId)}#dominio`;

export const sites = {
  create: formAction(siteCreateSchema, {}, async (input, context): Promise<FormDone> => {
    const { db, userId } = await seller(context);
    // Sent again (the back button, a double click): to the site the first POST made.
    const once = await createOnce(
      db,
      userId,
      undefined,
      () => createSite(db, userId, input),
      (made) => BUILDER_PATHS.editor(made.id),
      { form: 'site', fields: input },
    );
    return {
      title: 'Sitio creado',
      description: 'Edita tus bloques y publícalo cuando esté listo.',
      to: 'made' in once ? BUILDER_PATHS.editor(once.made.id) : once.again,
    };
  }),
  /** A draft site and unpublished products from a canvas's answers (its summary page). */
  fromCanvas: formAction(
    siteFromCanvasSchema,
    { canvas: z.string() },
    async ({ canvas: canvasId, ...input }, context): Promise<FormDone> => {
      const { db, userId } = await seller(context);
      const canvas = await loadOwnedCanvas(userId, canvasId);
      if (!canvas) throw new HttpError(404, 'No encontramos ese canvas.');
      const once = await createOnce(
        db,
        userId,
        undefined,
        () => createSiteFromCanvas(db, userId, canvas.id, input),
        (made) => BUILDER_PATHS.site(made.site.id),
        { form: 'site-from-canvas', fields: { canvas: canvas.id, ...input } },
      );
      if ('again' in once) return { title: 'Tu sitio quedó en borrador', to: once.again };
      const made = once.made;
      const products = made.products.length;
      return {
        title: 'Tu sitio quedó en borrador',
        description:
          products === 0
            ? 'Revísalo y publícalo cuando quieras.'
            : `Con ${plural(products, 'producto', 'productos')} sin publicar en ` +
              'tu catálogo. Revísalo y publícalo cuando quieras.',
        to: BUILDER_PATHS.site(made.site.id),
      };
    },
  ),
  publish: formAction(nothing, site, async ({ site }, context): Promise<FormDone> => {
    const { db, userId } = await seller(context);
    const published = await publishSite(db, userId, site);
    return { title: 'Sitio publicado', description: `Ya está en línea en ${published.url}` };
  }),
  settings: formAction(
    z.record(z.string(), z.string()).transform(settingsFromForm),
    site,
    async ({ site, ...patch }, context): Promise<FormDone> => {
      const { db, userId } = await seller(context);
      await updateSite(db, userId, site, patch);
      return {
        title: 'Ajustes guardados',
        description: 'Se verán en tu sitio publicado de inmediato.',
      };
    },
  ),
  addPage: formAction(pageCreateSchema, site, async ({ site, ...input }, context) => {
    const { db, userId } = await seller(context);
    const page = await createPage(db, userId, site, input);
    return {
      title: 'Página creada',
      description: page.title,
      to: BUILDER_PATHS.editor(site, page.id),
    } satisfies FormDone;
  }),
  deletePage: formAction(
    z.object({ page: rowIdField('No encontramos esa página.') }),
    site,
    async ({ site, page }, context): Promise<FormDone> => {
      const { db, userId } = await seller(context);
      const gone = await getPage(db, userId, site, page);
      await deletePage(db, userId, site, page);
      return { title: 'Página eliminada', description: gone.title };
    },
  ),
  setDomain: formAction(domainSchema, site, async ({ site, domain }, context) => {
    const { db, userId } = await seller(context);
    await setDomain(db, userId, site, domain);
    return {
      title: 'Dominio agregado',
      description: 'Sigue los pasos para conectarlo.',
      to: domainStep(site),
    } satisfies FormDone;
  }),
  verifyDomain: formAction(nothing, site, async ({ site }, context): Promise<FormDone> => {
    const { db, userId } = await seller(context);
    const result = await verifyDomain(db, userId, site);
    return result.status === 'verified'
      ? {
          title: 'Dominio verificado',
          description: `${result.domain} ya muestra tu sitio.`,
          to: domainStep(site),
        }
      : {
          title: 'Aún no podemos verificarlo',
          description: result.reason ?? undefined,
          to: domainStep(site),
          variant: 'destructive',
        };
  }),
  removeDomain: formAction(nothing, site, async ({ site }, context): Promise<FormDone> => {
    const { db, userId } = await seller(context);
    await removeDomain(db, userId, site);
    return {
      title: 'Dominio desconectado',
      description: 'Tu sitio sigue en su dirección de Impulsa.',
      to: domainStep(site),
    };
  }),
  delete: formAction(nothing, site, async ({ site }, context): Promise<FormDone> => {
    const { db, userId } = await seller(context);
    const gone = await getSite(db, userId, site);
    await deleteSite(db, userId, site);
    return {
      title: 'Sitio eliminado',
      description: `${gone.name} ya no está en línea.`,
      to: BUILDER_PATHS.sites,
    };
  }),
};
