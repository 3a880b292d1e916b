/**
 * What the builder's forms do when a browser posts them (before or without JavaScript): the new
 * site form of /page-builder and of the editor, and every action of /page-builder/site/{id}. Each
 * answers the toast to show and where to go next; a refusal is thrown, for `postedForm`.
 */
import { domainSchema } from '@/lib/sites/domains';
import { removeDomain, setDomain, verifyDomain } from '@/lib/sites/domains.server';
import { pageCreateSchema, siteCreateSchema } from '@/lib/sites/schemas';
import { settingsFromForm } from '@/lib/sites/site-form';
import { createPage, deletePage, getPage } from '@/lib/sites/site-pages.server';
import { createSite, deleteSite, getSite, publishSite, updateSite } from '@/lib/sites/sites.server';
import { BUILDER_PATHS } from '@/lib/sites/urls';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import type { FlashToast } from '@/lib/toast/flash';
import { parseId } from '@/lib/ids';

/** A form's outcome: the toast, and the page to go to (the site's own page when absent). */
export type FormDone = Omit<FlashToast, 'at'> & { to?: string };

/** Creates the site the form describes; the toast to show and where to go next (its editor). */
export async function createFromForm(db: Db, userId: number, fields: Record<string, string>) {
  const site = await createSite(db, userId, siteCreateSchema.parse(fields));
  return {
    title: 'Sitio creado',
    description: 'Edita tus bloques y publícalo cuando esté listo.',
    to: BUILDER_PATHS.editor(site.id),
  };
}

/** The forms of a site's page, told apart by their `intent` button. */
export async function siteAction(
  db: Db,
  userId: number,
  siteId: number,
  fields: Record<string, string>,
): Promise<FormDone> {
  const domainStep = `${BUILDER_PATHS.site(siteId)}#dominio`;
  switch (fields.intent) {
    case 'publish': {
      const site = await publishSite(db, userId, siteId);
      return { title: 'Sitio publicado', description: `Ya está en línea en ${site.url}` };
    }
    case 'settings':
      await updateSite(db, userId, siteId, settingsFromForm(fields));
      return {
        title: 'Ajustes guardados',
        description: 'Se verán en tu sitio publicado de inmediato.',
      };
    case 'add-page': {
      const page = await createPage(
        db,
        userId,
        siteId,
        pageCreateSchema.parse({ title: fields.title, path: fields.path }),
      );
      return {
        title: 'Página creada',
        description: page.title,
        to: BUILDER_PATHS.editor(siteId, page.id),
      };
    }
    case 'delete-page': {
      const pageId = parseId(fields.page);
      if (pageId === null) throw new HttpError(404, 'No encontramos esa página.');
      const page = await getPage(db, userId, siteId, pageId);
      await deletePage(db, userId, siteId, pageId);
      return { title: 'Página eliminada', description: page.title };
    }
    case 'domain': {
      const { domain } = domainSchema.parse(fields);
      await setDomain(db, userId, siteId, domain);
      return {
        title: 'Dominio agregado',
        description: 'Sigue los pasos para conectarlo.',
        to: domainStep,
      };
    }
    case 'verify': {
      const result = await verifyDomain(db, userId, siteId);
      return result.status === 'verified'
        ? {
            title: 'Dominio verificado',
            description: `${result.domain} ya muestra tu sitio.`,
            to: domainStep,
          }
        : {
            title: 'Aún no podemos verificarlo',
            description: result.reason ?? undefined,
            to: domainStep,
            variant: 'destructive',
          };
    }
    case 'remove-domain':
      await removeDomain(db, userId, siteId);
      return {
        title: 'Dominio desconectado',
        description: 'Tu sitio sigue en su dirección de Impulsa.',
        to: domainStep,
      };
    case 'delete-site': {
      const site = await getSite(db, userId, siteId);
      await deleteSite(db, userId, siteId);
      return {
        title: 'Sitio eliminado',
        description: `${site.name} ya no está en línea.`,
        to: BUILDER_PATHS.sites,
      };
    }
    default:
      throw new HttpError(400, 'Acción desconocida.');
  }
}
