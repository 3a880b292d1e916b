/**
 * The seller's accounts with redirect providers (/cobros): Flow's save, check and disconnect.
 * Each answers the toast to show; the page redirects back, so all of it works without JavaScript.
 */
import {
  checkPaymentAccount,
  PAYMENT_CHECK_MESSAGES,
  removePaymentAccount,
  savePaymentAccount,
} from '@/lib/orders/providers/accounts.server';
import { flowAccountSchema, paymentAccountRemoveSchema } from '@/lib/orders/providers/schemas';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { getDb } from '@/lib/server/db/client';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

export const flow = {
  save: formAction(flowAccountSchema, {}, async (input, context): Promise<Toast> => {
    const saved = await savePaymentAccount(
      await getDb(),
      requireUser(context.locals).id,
      'flow',
      input,
    );
    // Saving asks Flow at once: the toast says what it answered.
    if (saved.check === 'ok')
      return {
        title: 'Cuenta Flow guardada y verificada',
        description: PAYMENT_CHECK_MESSAGES.ok.description,
      };
    const rejected = saved.check === 'rejected';
    return {
      ...PAYMENT_CHECK_MESSAGES[rejected ? 'rejected' : 'unreachable'],
      title: `Cuenta guardada, pero ${rejected ? 'Flow no la reconoce' : 'no pudimos verificarla'}`,
      variant: 'destructive',
    };
  }),
  check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    const result = await checkPaymentAccount(await getDb(), requireUser(context.locals).id, 'flow');
    return {
      ...PAYMENT_CHECK_MESSAGES[result],
      variant: result === 'ok' ? 'default' : 'destructive',
    };
  }),
  remove: formAction(
    paymentAccountRemoveSchema,
    {},
    async ({ version }, context): Promise<Toast> => {
      await removePaymentAccount(await getDb(), requireUser(context.locals).id, 'flow', version);
      return {
        title: 'Flow desconectado',
        description: 'Tus clientes ya no ven Flow en tu checkout.',
      };
    },
  ),
};
