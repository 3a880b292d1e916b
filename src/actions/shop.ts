/** /productos' forms (docs/design.md §7 Store, products): quick actions and the shop's settings. */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { getDb } from '@/lib/server/db/client';
import {
  deleteProduct,
  duplicateProduct,
  getProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from '@/lib/shop/products.server';
import { storePatchSchema } from '@/lib/shop/schemas';
import { updateStore } from '@/lib/shop/store.server';
import type { FlashToast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

type Toast = Omit<FlashToast, 'at'>;
const product = z.object({ id: rowIdField(PRODUCT_NOT_FOUND) });

/** Publishes or unpublishes at the version stored now (a quick action, not an edit). */
const setPublished = (published: boolean) =>
  formAction(product, {}, async ({ id }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireUser(context.locals).id;
    const current = await getProduct(db, userId, id);
    await updateProduct(db, userId, id, { published, version: current.version });
    return {
      title: published ? 'Producto publicado' : 'Producto pasado a borrador',
      description: current.name,
    };
  });

export const shop = {
  publish: setPublished(true),
  unpublish: setPublished(false),
  duplicate: formAction(product, {}, async ({ id }, context): Promise<Toast> => {
    const copy = await duplicateProduct(await getDb(), requireUser(context.locals).id, id);
    return { title: 'Producto duplicado', description: `${copy.name} quedó como borrador.` };
  }),
  delete: formAction(product, {}, async ({ id }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireUser(context.locals).id;
    const gone = await getProduct(db, userId, id);
    await deleteProduct(db, userId, id);
    return { title: 'Producto eliminado', description: gone.name };
  }),
  /** The shop's settings; the form sends every field as text, the version among them. */
  store: formAction(
    z
      .record(z.string(), z.string())
      .transform(({ version, ...rest }) =>
        storePatchSchema.parse({ ...rest, version: Number(version) }),
      ),
    {},
    async (patch, context): Promise<Toast> => {
      await updateStore(await getDb(), requireUser(context.locals).id, patch);
      return { title: 'Configuración de la tienda guardada' };
    },
  ),
};
