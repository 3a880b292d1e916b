/**
 * What /productos' forms do when a browser posts them (before or without JavaScript): publish,
 * unpublish, duplicate or delete a product, or save the shop's settings. A refusal is thrown, for
 * `postedForm`.
 */
import { parseId } from '@/lib/ids';
import {
  deleteProduct,
  duplicateProduct,
  getProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from '@/lib/shop/products.server';
import { storePatchSchema } from '@/lib/shop/schemas';
import { updateStore } from '@/lib/shop/store.server';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import type { FlashToast } from '@/lib/toast/flash';

/** One quick action on a product, or the shop's settings: what it did, for the toast. */
export async function catalogueAction(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<Omit<FlashToast, 'at'>> {
  if (fields.intent === 'store') {
    const { intent: _intent, version, ...rest } = fields;
    await updateStore(db, userId, storePatchSchema.parse({ ...rest, version: Number(version) }));
    return { title: 'Configuración de la tienda guardada' };
  }
  const id = parseId(fields.id);
  if (id === null) throw new HttpError(404, PRODUCT_NOT_FOUND);
  const product = await getProduct(db, userId, id);
  switch (fields.intent) {
    case 'publish':
    case 'unpublish':
      await updateProduct(db, userId, id, {
        published: fields.intent === 'publish',
        version: product.version,
      });
      return {
        title: fields.intent === 'publish' ? 'Producto publicado' : 'Producto pasado a borrador',
        description: product.name,
      };
    case 'duplicate': {
      const copy = await duplicateProduct(db, userId, id);
      return { title: 'Producto duplicado', description: `${copy.name} quedó como borrador.` };
    }
    case 'delete':
      await deleteProduct(db, userId, id);
      return { title: 'Producto eliminado', description: product.name };
    default:
      throw new HttpError(400, 'Acción desconocida.');
  }
}
