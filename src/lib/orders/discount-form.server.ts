/**
 * What /descuentos' forms do when a browser posts them (before or without JavaScript): create a
 * code, pause or resume one, delete one. Each answers the toast to show; a refusal is thrown,
 * for `postedForm`.
 */
import { discountCreateSchema, discountPatchSchema } from '@/lib/orders/discounts';
import {
  createDiscount,
  deleteDiscount,
  DISCOUNT_NOT_FOUND,
  updateDiscount,
} from '@/lib/orders/discounts.server';
import { parseId } from '@/lib/ids';
import type { Db } from '@/lib/server/db/client';
import { HttpError } from '@/lib/server/http/errors';
import type { FlashToast } from '@/lib/toast/flash';
import { createOnce, FORM_KEY } from '@/lib/server/http/once';
import { ORDER_PATHS } from '@/lib/orders/urls';

/** The forms of /descuentos, told apart by their `intent` button. */
export async function discountAction(
  db: Db,
  userId: number,
  fields: Record<string, string>,
): Promise<Omit<FlashToast, 'at'>> {
  const id = () => {
    const parsed = parseId(fields.id);
    if (parsed === null) throw new HttpError(404, DISCOUNT_NOT_FOUND);
    return parsed;
  };
  switch (fields.intent) {
    case 'create': {
      // Sent again (the back button, a double click): the code the first POST made, no «ya tienes».
      const once = await createOnce(
        db,
        userId,
        fields[FORM_KEY],
        () => createDiscount(db, userId, discountCreateSchema.parse(fields)),
        () => ORDER_PATHS.discounts,
      );
      return 'made' in once
        ? { title: 'Código creado', description: `Tus clientes ya pueden usar ${once.made.code}.` }
        : { title: 'Código creado' };
    }
    case 'pause':
    case 'resume': {
      const patch = discountPatchSchema.parse({
        active: fields.intent === 'resume' ? 'true' : '',
        version: fields.version,
      });
      const saved = await updateDiscount(db, userId, id(), patch);
      return {
        title: saved.active ? 'Código activo' : 'Código pausado',
        description: saved.active
          ? `${saved.code} vuelve a descontar.`
          : `${saved.code} no descuenta hasta que lo reactives.`,
      };
    }
    case 'delete':
      await deleteDiscount(db, userId, id());
      return {
        title: 'Código eliminado',
        description: 'Los pedidos hechos con él conservan su descuento.',
      };
    default:
      throw new HttpError(400, 'Acción desconocida.');
  }
}
