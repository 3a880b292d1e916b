/** The customers' forms (`/clientes/{key}`): a discount code sent by mail. */
import { sendCodeByMail } from '@/lib/customers/code-mail.server';
import { optOutCustomer } from '@/lib/customers/opt-out.server';
import { DISCOUNT_NOT_FOUND } from '@/lib/shop/discounts.server';
import { getDb } from '@/lib/server/db/client';
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireShop } from '@/lib/team/shop.server';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

export const customers = {
  /** The code `discount` to the customer `customer` (their key), once. */
  sendCode: formAction(
    z.object({ customer: z.string().max(64) }),
    { discount: rowIdField(DISCOUNT_NOT_FOUND) },
    async ({ customer, discount }, context): Promise<Toast> => {
      const user = requireShop(context.locals);
      const result = await sendCodeByMail(await getDb(), user.id, customer, discount);
      return result.sent
        ? { title: 'Código enviado', description: `Le enviamos ${result.code} a ${result.to}.` }
        : {
            title: 'Ya se lo habías enviado',
            description: `${result.code} ya le llegó a ${result.to}: no se lo enviamos de nuevo.`,
          };
    },
  ),
  /** The customer `customer` (their key) gets no more publicity from the shop. */
  optOut: formAction(
    z.object({ customer: z.string().max(64) }),
    {},
    async ({ customer }, context): Promise<Toast> => {
      const user = requireShop(context.locals);
      const { email } = await optOutCustomer(await getDb(), user.id, customer);
      return {
        title: 'Fuera de la lista',
        description: `No le enviaremos más publicidad a ${email}.`,
      };
    },
  ),
};
