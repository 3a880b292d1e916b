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
import { checkAndRemoveForms, savedToast as accountSaved } from './account-forms';
import type { FlashInput as Toast } from '@/lib/toast/flash';

/** The toast after a save, which asks the provider at once: what it answered. */
const savedToast = (provider: RedirectProvider, saved: PaymentAccountView): Toast =>
  accountSaved(PROVIDER_NAMES[provider], paymentCheckMessages(provider), saved.check);

/** «Probar conexión» and disconnect, the same for every provider. */
function checkAndRemove(provider: RedirectProvider) {
  const name = PROVIDER_NAMES[provider];
  return checkAndRemoveForms({
    name,
    messages: paymentCheckMessages(provider),
    check: (db, userId) => checkPaymentAccount(db, userId, provider),
    remove: (db, userId, version) => removePaymentAccount(db, userId, provider, version),
    removeSchema: paymentAccountRemoveSchema,
    removed: `Tus clientes ya no ven ${name} en tu checkout.`,
  });
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
