/**
 * The seller's invoicing forms (/boletas): connect the account, «Probar conexión», disconnect.
 * Each answers the toast to show; the page redirects back with it.
 */
import {
  checkInvoicingAccount,
  removeInvoicingAccount,
  saveInvoicingAccount,
} from '@/lib/invoicing/account.server';
import { invoicingAccountSchema, invoicingRemoveSchema } from '@/lib/invoicing/schemas';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { getDb } from '@/lib/server/db/client';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

export const invoicing = {
  save: formAction(invoicingAccountSchema, {}, async (input, context): Promise<Toast> => {
    const db = await getDb();
    const userId = requireUser(context.locals).id;
    const saved = await saveInvoicingAccount(db, userId, input);
    if (saved.check === 'ok' && saved.issuer)
      return {
        title: 'OpenFactura conectado',
        description: `Las boletas de tus ventas pagadas saldrán a nombre de ${saved.issuer.name}, RUT ${saved.issuer.rut}.`,
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
      requireUser(context.locals).id,
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
    await removeInvoicingAccount(await getDb(), requireUser(context.locals).id, version);
    return {
      title: 'OpenFactura desconectado',
      description: 'Tus ventas pagadas ya no emiten boletas solas: emítelas en el sitio del SII.',
    };
  }),
};
