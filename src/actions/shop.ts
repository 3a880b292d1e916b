/**
 * The catalogue's forms (docs/design.md §7 Store, products): /productos' quick actions and the
 * shop's settings, and /categorias (`categories`).
 */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { createOnce } from '@/lib/server/http/once';
import { SELLER_PATHS } from '@/lib/shop/urls';
import { requireShop } from '@/lib/team/shop.server';
import { getDb } from '@/lib/server/db/client';
import {
  deleteProduct,
  duplicateProduct,
  getProduct,
  PRODUCT_NOT_FOUND,
  updateProduct,
} from '@/lib/shop/products.server';
import {
  CATEGORY_NOT_FOUND,
  createCategory,
  deleteCategory,
  listCategories,
  updateCategory,
} from '@/lib/shop/categories.server';
import { categorySchema, storePatchSchema } from '@/lib/shop/schemas';
import { HttpError } from '@/lib/server/http/errors';
import { updateStore } from '@/lib/shop/store.server';
import { legalSchema } from '@/lib/shop/legal';
import { saveLegal } from '@/lib/shop/legal.server';
import { recordOwnTaxStart } from '@/lib/shop/own-tax-start.server';
import { formatDay } from '@/lib/dates';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

const product = z.object({ id: rowIdField(PRODUCT_NOT_FOUND) });

/** Publishes or unpublishes at the version stored now (a quick action, not an edit). */
const setPublished = (published: boolean) =>
  formAction(product, {}, async ({ id }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireShop(context.locals).id;
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
    const copy = await duplicateProduct(await getDb(), requireShop(context.locals).id, id);
    return { title: 'Producto duplicado', description: `${copy.name} quedó como borrador.` };
  }),
  delete: formAction(product, {}, async ({ id }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireShop(context.locals).id;
    const gone = await getProduct(db, userId, id);
    await deleteProduct(db, userId, id);
    return { title: 'Producto eliminado', description: gone.name };
  }),
  /** The shop's terms, privacy and returns texts (/politicas). */
  legal: formAction(legalSchema, {}, async (texts, context): Promise<Toast> => {
    await saveLegal(await getDb(), requireShop(context.locals).id, texts);
    return {
      title: 'Políticas guardadas',
      description: 'Tus clientes las ven al pie de cada página de tu tienda y al comprar.',
    };
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
      await updateStore(await getDb(), requireShop(context.locals).id, patch);
      return { title: 'Configuración de la tienda guardada' };
    },
  ),
  /** The day the shop's persona natural started activities at the SII (checked by the service). */
  recordTaxStart: formAction(
    z.object({ started_on: z.string() }),
    {},
    async (input, context): Promise<Toast> => {
      const { started_on } = await recordOwnTaxStart(
        await getDb(),
        requireShop(context.locals).id,
        input,
      );
      return {
        title: 'Inicio de actividades anotado',
        description:
          `Iniciaste actividades el ${formatDay(started_on)}. ` +
          'Ya puedes conectar un medio de pago y emitir boletas.',
      };
    },
  ),
};

const category = { id: rowIdField(CATEGORY_NOT_FOUND) };

/** Moves a category one place up (-1) or down (+1) in the shop's order. */
const move = (by: -1 | 1) =>
  formAction(z.object({}), category, async ({ id }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireShop(context.locals).id;
    const current = (await listCategories(db, userId)).find((c) => c.id === id);
    if (!current) throw new HttpError(404, CATEGORY_NOT_FOUND);
    await updateCategory(db, userId, id, { position: Math.max(0, current.position + by) });
    return { title: 'Orden actualizado' };
  });

export const categories = {
  create: formAction(categorySchema, {}, async ({ name }, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireShop(context.locals).id;
    // Sent again (the back button, a double click): the category the first POST made.
    await createOnce(
      db,
      userId,
      undefined,
      () => createCategory(db, userId, name),
      () => SELLER_PATHS.categories,
      { form: 'category', fields: { name } },
    );
    return { title: 'Categoría creada', description: name };
  }),
  rename: formAction(categorySchema, category, async ({ id, ...input }, context) => {
    const saved = await updateCategory(await getDb(), requireShop(context.locals).id, id, input);
    return { title: 'Categoría renombrada', description: saved.name } satisfies Toast;
  }),
  up: move(-1),
  down: move(1),
  delete: formAction(z.object({}), category, async ({ id }, context): Promise<Toast> => {
    await deleteCategory(await getDb(), requireShop(context.locals).id, id);
    return { title: 'Categoría eliminada', description: 'Sus productos quedaron sin categoría.' };
  }),
};
