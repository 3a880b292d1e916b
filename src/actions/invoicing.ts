/**
 * The seller's invoicing forms: connect the account, «Probar conexión», disconnect (/boletas);
 * record a boleta emitted in the SII's system (an order's page). Each answers the toast to show.
 */
import {
  checkInvoicingAccount,
  removeInvoicingAccount,
  saveInvoicingAccount,
} from '@/lib/invoicing/account.server';
import { recordByHand } from '@/lib/invoicing/by-hand.server';
import { DTE_LABELS } from '@/lib/invoicing/dte';
import {
  invoicingAccountSchema,
  invoicingRemoveSchema,
  recordFolioSchema,
} from '@/lib/invoicing/schemas';
import { ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireShop } from '@/lib/team/shop.server';
import { getDb } from '@/lib/server/db/client';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';
import { prose } from '@/lib/prose';

export const invoicing = {
  save: formAction(invoicingAccountSchema, {}, async (input, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireShop(context.locals).id;
    const saved = await saveInvoicingAccount(db, userId, input);
    if (saved.check === 'ok' && saved.issuer)
      return {
        title: 'OpenFactura conectado',
        description: prose`Las boletas de tus ventas pagadas saldrán a nombre de
          ${saved.issuer.name}, RUT ${saved.issuer.rut}.`,
      };
    return {
      title: 'Guardamos la llave, pero OpenFactura no la confirmó',
      description:
        saved.check === 'rejected'
          ? 'OpenFactura no reconoce la llave: revísala y guárdala de nuevo.'
          : 'OpenFactura no respondió. Prueba la conexión en unos minutos.',
      variant: 'destructive',
    };
  }),
  check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    const { ok, message } = await checkInvoicingAccount(
      await getDb(),
      requireShop(context.locals).id,
    );
    return ok
      ? { title: 'Conexión con OpenFactura verificada', description: message }
      : {
          title: 'OpenFactura no confirmó la conexión',
          description: message,
          variant: 'destructive',
        };
  }),
  remove: formAction(invoicingRemoveSchema, {}, async ({ version }, context): Promise<Toast> => {
    await removeInvoicingAccount(await getDb(), requireShop(context.locals).id, version);
    return {
      title: 'OpenFactura desconectado',
      description: 'Tus ventas pagadas ya no emiten boletas solas: emítelas en el sitio del SII.',
    };
  }),
  /** A document the seller emitted in the SII's own system, by its folio; `id` is the order's. */
  recordFolio: formAction(
    recordFolioSchema,
    { order: rowIdField(ORDER_NOT_FOUND) },
    async ({ order, folio }, context) => {
      const recorded = await recordByHand(
        await getDb(),
        requireShop(context.locals).id,
        order,
        folio,
      );
      return {
        id: order,
        title: `${DTE_LABELS[recorded.type]} N° ${recorded.folio} registrada`,
      };
    },
  ),
};
