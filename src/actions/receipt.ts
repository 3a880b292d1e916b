/**
 * A buyer's forms on their order page (`/pay/orden/{token}`): public, the receipt link is the key.
 */
import { payByCard } from '@/lib/payments/receipt-pay.server';
import { requestRetracto } from '@/lib/orders/retracto.server';
import { PaymentUnavailableError } from '@/lib/payments/start.server';
import { formAction } from '@/lib/server/http/action';
import { HttpError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { z } from '@/lib/zod';

export const receipt = {
  /** «Quiero retractarme» (Ley 19.496 art. 3 bis): recorded once, both mails queued. */
  retract: formAction(
    z.object({ pedido: z.string().max(64) }),
    {},
    async ({ pedido }) => requestRetracto(await getDb(), pedido),
    { public: true },
  ),
  /** «Pagar con …» on an order that waits for a transfer or a chat: where the buyer goes to pay. */
  payByCard: formAction(
    z.object({
      pedido: z.string().max(64),
      metodo: z.enum(['webpay', 'flow', 'mercadopago'], { error: 'Elige cómo pagar.' }),
    }),
    {},
    async ({ pedido, metodo }) =>
      payByCard(await getDb(), pedido, metodo).catch((error: unknown) => {
        // The provider is down or refused the shop: the order waits as before, and the page says so.
        if (error instanceof PaymentUnavailableError) throw new HttpError(409, error.message);
        throw error;
      }),
    { public: true },
  ),
};
