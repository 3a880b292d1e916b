/**
 * Webpay Plus (REST v1.2) through `transbank-sdk`, with each store's own account, behind the card
 * providers' interface: create a transaction, commit it when the buyer returns, ask its status
 * (reconciliation), refund it (a seller cancels a paid order). The SDK's `Options` take the
 * API's base URL, so `WEBPAY_API_URL` points it at another host (the tests' local server);
 * integration and production use Transbank's own hosts. The SDK (with axios, some 100 modules
 * and 23 MB) is imported on the first call to Webpay, not when the orders service loads.
 */
import type { WebpayPlus } from 'transbank-sdk';
import type { WebpayEnvironment } from '@/lib/orders/schemas';
import { webpayApiUrl } from '@/lib/server/config';
import {
  ProviderAccountRejected,
  type AccountCheck,
  type PaymentProvider,
  type ProviderPayment,
} from '@/lib/payments/provider';

/** A store's Webpay Plus account, its secret key opened (`webpay-account.server.ts`). */
export interface WebpayAccount {
  commerceCode: string;
  apiKey: string;
  environment: WebpayEnvironment;
}

/** Webpay's transactions API under its base URL. */
export const WEBPAY_TRANSACTIONS_PATH = '/rswebpaytransaction/api/webpay/v1.2/transactions';

/** What we keep of a commit or status answer (never the full card number: Webpay sends only its last digits). */
export interface WebpayResult {
  status: string;
  response_code: number | null;
  amount: number;
  buy_order: string;
  authorization_code: string | null;
  card_last_digits: string | null;
  payment_type_code: string | null;
  installments_number: number | null;
  transaction_date: string | null;
}

/** Webpay's JSON as read: any field may be missing or of another type, so each is checked. */
function toResult(raw: unknown): WebpayResult {
  const r = (raw ?? {}) as Record<string, unknown>;
  const text = (v: unknown) => (typeof v === 'string' ? v : null);
  const card = (r.card_detail ?? {}) as Record<string, unknown>;
  return {
    status: text(r.status) ?? '',
    response_code: typeof r.response_code === 'number' ? r.response_code : null,
    amount: Number(r.amount ?? 0),
    buy_order: text(r.buy_order) ?? '',
    authorization_code: text(r.authorization_code),
    card_last_digits: text(card.card_number),
    payment_type_code: text(r.payment_type_code),
    installments_number: typeof r.installments_number === 'number' ? r.installments_number : null,
    transaction_date: text(r.transaction_date),
  };
}

/** A Webpay answer in the providers' terms, its whole result kept for the seller's record. */
export interface WebpayPayment extends ProviderPayment {
  result: WebpayResult;
}

/** Authorized with response code 0 is paid; `INITIALIZED` has not been decided; the rest, refused. */
function paymentOf(result: WebpayResult): WebpayPayment {
  const approved = result.status === 'AUTHORIZED' && result.response_code === 0;
  return {
    state: approved ? 'paid' : result.status === 'INITIALIZED' ? 'pending' : 'rejected',
    amount: result.amount,
    reference: result.buy_order,
    provider_order: result.authorization_code,
    media: result.payment_type_code,
    date: result.transaction_date,
    result,
  };
}

/**
 * Webpay behind the providers' interface. Its page takes the token by POST (`create`'s `url` is
 * the form's target), and it confirms on the buyer's return rather than server to server: the
 * return `commit`s the transaction, and `status` reconciles one whose commit never finished.
 */
export interface WebpayProvider extends PaymentProvider<WebpayPayment> {
  commit(ref: string): Promise<WebpayPayment>;
}

/** Webpay for one store's account: every call goes out with that store's commerce code and key. */
export function webpayProvider(account: WebpayAccount): WebpayProvider {
  let transaction: Promise<InstanceType<typeof WebpayPlus.Transaction>> | undefined;
  const open = () =>
    (transaction ??= import('transbank-sdk').then(
      ({ Options, WebpayPlus }) =>
        new WebpayPlus.Transaction(
          new Options(
            account.commerceCode,
            account.apiKey,
            webpayApiUrl(account.environment),
            15_000,
          ),
        ),
    ));
  return {
    name: 'webpay',
    async create(payment) {
      try {
        // The buy order: the reference without its first dash (`H689BNA3`, a later try `H689BNA3-5`).
        const buyOrder = payment.reference.replace('-', '');
        // The SDK types its answers `any`; Webpay documents both fields as strings.
        const raw = (await (
          await open()
        ).create(buyOrder, payment.session, payment.amount, payment.returnUrl)) as {
          token: string;
          url: string;
        };
        return { ref: raw.token, url: raw.url };
      } catch (error) {
        // The SDK's TransbankError carries axios's «Request failed with status code 401».
        if (/status code 40[13]\b/.test(error instanceof Error ? error.message : ''))
          throw new ProviderAccountRejected('webpay');
        throw error;
      }
    },
    commit: async (ref) => paymentOf(toResult(await (await open()).commit(ref))),
    status: async (ref) => paymentOf(toResult(await (await open()).status(ref))),
    async refund({ ref, amount }) {
      // Webpay takes no idempotency key: a retry after a lost answer asks first whether the
      // transaction is already given back, and never reverses it twice.
      const before = toResult(await (await open()).status(ref));
      if (before.status === 'REVERSED' || before.status === 'NULLIFIED')
        return { ref, state: before.status };
      const refunded = (await (await open()).refund(ref, amount)) as { type?: string } | null;
      return { ref, state: refunded?.type ?? '' };
    },
    check: () => checkWebpayAccount(account),
  };
}

/** What "Probar conexión" found: Webpay accepted the account, refused it, or did not answer. */
export type WebpayCheck = AccountCheck;

/**
 * Asks Webpay for the status of a transaction that cannot exist: an account Webpay knows gets
 * "invalid token" (4xx), an unknown one 401. No transaction is created, nothing is charged.
 */
export async function checkWebpayAccount(account: WebpayAccount): Promise<WebpayCheck> {
  try {
    const res = await fetch(
      `${webpayApiUrl(account.environment)}${WEBPAY_TRANSACTIONS_PATH}/${'0'.repeat(64)}`,
      {
        headers: {
          'Tbk-Api-Key-Id': account.commerceCode,
          'Tbk-Api-Key-Secret': account.apiKey,
          'Content-Type': 'application/json',
        },
        signal: AbortSignal.timeout(10_000),
      },
    );
    await res.body?.cancel();
    if (res.status === 401 || res.status === 403) return 'rejected';
    return res.status >= 500 ? 'unreachable' : 'ok';
  } catch {
    return 'unreachable';
  }
}
