/** The seller's sales channels (/canales): Mercado Libre's check, links, publishing, without JavaScript. */
import {
  checkMercadoLibre,
  disconnectMercadoLibre,
} from '@/lib/channels/mercadolibre/account.server';
import { saveLinks } from '@/lib/channels/mercadolibre/listings.server';
import {
  linksFromForm,
  linksSchema,
  publishFromForm,
  publishSchema,
} from '@/lib/channels/mercadolibre/schemas';
import { publishProduct } from '@/lib/channels/mercadolibre/publish.server';
import { getDb } from '@/lib/server/db/client';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

export const mercadolibre = {
  check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    const view = await checkMercadoLibre(await getDb(), requireUser(context.locals).id);
    if (!view.connected)
      return { title: 'Mercado Libre no está conectado', variant: 'destructive' };
    return view.problems.length
      ? {
          title: 'Mercado Libre no acepta tu conexión',
          description: view.problems[0],
          variant: 'destructive',
        }
      : { title: `Mercado Libre conectado: ${view.nickname}` };
  }),
  /** The links the seller confirmed on `/canales/mercadolibre/publicaciones`. */
  link: formAction(
    z.record(z.string(), z.string()).transform((f) => linksSchema.parse(linksFromForm(f))),
    {},
    async ({ links }, context): Promise<Toast> => {
      const saved = await saveLinks(await getDb(), requireUser(context.locals).id, links);
      const linked = saved.listings.filter((l) => l.linked).length;
      return {
        title: 'Publicaciones vinculadas',
        description: `${linked} de ${saved.listings.length} publicaciones quedaron vinculadas a tus productos.`,
      };
    },
  ),
  /** A product published from `/canales/mercadolibre/publicar`. */
  publish: formAction(
    z.record(z.string(), z.string()).transform((f) => publishSchema.parse(publishFromForm(f))),
    {},
    async (input, context): Promise<Toast> => {
      const published = await publishProduct(await getDb(), requireUser(context.locals).id, input);
      return {
        title: 'Publicado en Mercado Libre',
        description: `${published.item_id}: sus ventas y su stock ya van con tu tienda.`,
      };
    },
  ),
  disconnect: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    await disconnectMercadoLibre(await getDb(), requireUser(context.locals).id);
    return {
      title: 'Mercado Libre desconectado',
      description: 'Tus productos y ventas en Impulsa siguen intactos.',
    };
  }),
};
