/** /descuentos' forms (docs/design.md §7 Orders): create a code, pause or resume one, delete one. */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireShop } from '@/lib/team/shop.server';
import { createOnce, formKeySchema } from '@/lib/server/http/once';
import { getDb } from '@/lib/server/db/client';
import { discountCreateSchema } from '@/lib/shop/discounts';
import {
  createDiscount,
  deleteDiscount,
  DISCOUNT_NOT_FOUND,
  updateDiscount,
} from '@/lib/shop/discounts.server';
import { ORDER_PATHS } from '@/lib/orders/urls';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

const row = z.object({ id: rowIdField(DISCOUNT_NOT_FOUND) });
const version = z.object({
  version: z.coerce.number({ error: 'Falta la versión.' }).int().min(1, 'Versión no válida.'),
});

/** Toggles `active` at the version the list showed. */
const setActive = (active: boolean) =>
  formAction(row, version.shape, async ({ id, version }, context): Promise<Toast> => {
    const user = requireShop(context.locals);
    const saved = await updateDiscount(await getDb(), user.id, id, { active, version });
    return saved.active
      ? { title: 'Código activo', description: `${saved.code} vuelve a descontar.` }
      : {
          title: 'Código pausado',
          description: `${saved.code} no descuenta hasta que lo reactives.`,
        };
  });

export const discounts = {
  create: formAction(
    discountCreateSchema,
    { form_key: formKeySchema },
    async ({ form_key, ...input }, context): Promise<Toast> => {
      const user = requireShop(context.locals);
      const db = await getDb();
      // Sent again (the back button, a double click): the code the first POST made, no «ya tienes».
      const once = await createOnce(
        db,
        user.id,
        form_key,
        () => createDiscount(db, user.id, input),
        () => ORDER_PATHS.discounts,
        { form: 'discount', fields: input },
      );
      return 'made' in once
        ? { title: 'Código creado', description: `Tus clientes ya pueden usar ${once.made.code}.` }
        : { title: 'Código creado' };
    },
  ),
  pause: setActive(false),
  resume: setActive(true),
  delete: formAction(row, {}, async ({ id }, context): Promise<Toast> => {
    await deleteDiscount(await getDb(), requireShop(context.locals).id, id);
    return {
      title: 'Código eliminado',
      description: 'Los pedidos hechos con él conservan su descuento.',
    };
  }),
};
