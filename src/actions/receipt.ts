/**
 * A buyer's forms on their order page (`/pay/orden/{token}`): public, the receipt link is the key.
 */
import { requestRetracto } from '@/lib/orders/retracto.server';
import { formAction } from '@/lib/server/http/action';
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
};
