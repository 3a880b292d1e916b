/**
 * The seller's accounts with redirect providers (/cobros): save, check and disconnect, for Flow and
 * Mercado Pago alike. Each answers the toast to show; the page redirects back, so all of it works
 * without JavaScript.
 */
import {
  checkPaymentAccount,
  paymentCheckMessages,
  removePaymentAccount,
  savePaymentAccount,
  type PaymentAccountView,
} from '@/lib/payments/accounts.server';
import { PROVIDER_NAMES } from '@/lib/payments/provider';
import { type RedirectProvider } from '@/lib/shop/payment-methods';
import {
  flowAccountSchema,
  mercadoPagoAccountSchema,
  paymentAccountRemoveSchema,
} from '@/lib/payments/schemas';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { getDb } from '@/lib/server/db/client';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

/** The toast after a save, which asks the provider at once: what it answered. */
function savedToast(provider: RedirectProvider, saved: PaymentAccountView): Toast {
  const name = PROVIDER_NAMES[provider];
  const messages = paymentCheckMessages(provider);
  if (saved.check === 'ok')
    return { title: `Cuenta ${name} guardada y verificada`, description: messages.ok.description };
  const rejected = saved.check === 'rejected';
  return {
    ...messages[rejected ? 'rejected' : 'unreachable'],
    title: `Cuenta guardada, pero ${rejected ? `${name} no la reconoce` : 'no pudimos verificarla'}`,
    variant: 'destructive',
  };
}

/** «Probar conexión» and disconnect, the same for every provider. */
function checkAndRemove(provider: RedirectProvider) {
  const name = PROVIDER_NAMES[provider];
  return {
    check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
      const userId = requireUser(context.locals).id;
      const result = await checkPaymentAccount(await getDb(), userId, provider);
      const messages = paymentCheckMessages(provider);
      return { ...messages[result], variant: result === 'ok' ? 'default' : 'destructive' };
    }),
    remove: formAction(
      paymentAccountRemoveSchema,
      {},
      async ({ version }, context): Promise<Toast> => {
        await removePaymentAccount(
          await getDb(),
          requireUser(context.locals).id,
          provider,
          version,
        );
        return {
          title: `${name} desconectado`,
          description: `Tus clientes ya no ven ${name} en tu checkout.`,
        };
      },
    ),
  };
}

export const flow = {
  save: formAction(flowAccountSchema, {}, async (input, context) =>
    savedToast(
      'flow',
      await savePaymentAccount(await getDb(), requireUser(context.locals).id, 'flow', input),
    ),
  ),
  ...checkAndRemove('flow'),
};

export const mercadopago = {
  save: formAction(mercadoPagoAccountSchema, {}, async (input, context) =>
    savedToast(
      'mercadopago',
      await savePaymentAccount(await getDb(), requireUser(context.locals).id, 'mercadopago', input),
    ),
  ),
  ...checkAndRemove('mercadopago'),
};
