/**
 * Mercado Pago Checkout Pro through its REST API, with each store's own access token
 * (`Authorization: Bearer`). A payment starts as a preference (`POST /checkout/preferences`,
 * `external_reference` = our order's number) whose `init_point` is where the buyer pays; what
 * happened is read from `/v1/payments`. `MERCADOPAGO_API_URL` points it at another host (the
 * tests' local Mercado Pago). What this relies on: `docs/decisions/2026-11-27-payment-providers.md`.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import {
  ProviderAccountRejected,
  ProviderError,
  type PaymentProvider,
  type PaymentState,
  type ProviderPayment,
} from '@/lib/payments/provider';
import { mercadoPagoApiUrl } from '@/lib/server/config';

export interface MercadoPagoAccount {
  accessToken: string;
  webhookSecret: string;
}

/** Mercado Pago's payment statuses as ours. */
const STATES: Record<string, PaymentState> = {
  approved: 'paid',
  rejected: 'rejected',
  cancelled: 'cancelled',
  refunded: 'cancelled',
  charged_back: 'cancelled',
};

const TIMEOUT_MS = 10_000;

const text = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;

function paymentOf(data: Record<string, unknown>, reference: string): ProviderPayment {
  return {
    state: STATES[text(data.status) ?? ''] ?? 'pending',
    amount: Number(data.transaction_amount ?? 0),
    reference: text(data.external_reference) ?? reference,
    provider_order: text(data.id),
    media: text(data.payment_method_id),
    date: text(data.date_approved),
  };
}

/** A signed notification older than this (by its `ts`) is a replay, refused like a forgery. */
export const MERCADOPAGO_NOTICE_MAX_AGE_MS = 10 * 60_000;

/** A notification's `ts` as an instant: Mercado Pago sends milliseconds (seconds accepted too). */
function signedAt(ts: string): number | null {
  if (!/^\d{1,16}$/.test(ts)) return null;
  const n = Number(ts);
  return n < 1e12 ? n * 1000 : n;
}

/**
 * Whether a notification's `x-signature` (`ts=…,v1=…`) is Mercado Pago's: the HMAC-SHA256 (hex),
 * made with the webhook secret, of `id:{data.id};request-id:{x-request-id};ts:{ts};`, where
 * `data.id` comes from the query string, lower-cased when alphanumeric; and fresh: a `ts` more
 * than 10 minutes from `now` is a captured notification sent again.
 */
export function mercadoPagoSigned(
  secret: string,
  dataId: string,
  requestId: string,
  signature: string,
  now = Date.now(),
): boolean {
  const parts = Object.fromEntries(
    signature.split(',').map((part) => part.trim().split('=', 2) as [string, string]),
  );
  if (!parts.ts || !parts.v1 || !/^[0-9a-f]{64}$/i.test(parts.v1)) return false;
  const at = signedAt(parts.ts);
  if (at === null || Math.abs(now - at) > MERCADOPAGO_NOTICE_MAX_AGE_MS) return false;
  const id = /^[a-z0-9]+$/i.test(dataId) ? dataId.toLowerCase() : dataId;
  const expected = createHmac('sha256', secret)
    .update(`id:${id};request-id:${requestId};ts:${parts.ts};`)
    .digest();
  return timingSafeEqual(expected, Buffer.from(parts.v1, 'hex'));
}

export function mercadoPagoClient(account: MercadoPagoAccount): PaymentProvider {
  const base = mercadoPagoApiUrl();
  async function call(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    const res = await fetch(base + path, {
      method,
      headers: {
        Authorization: `Bearer ${account.accessToken}`,
        ...(body !== undefined && { 'Content-Type': 'application/json' }),
        ...headers,
      },
      ...(body !== undefined && { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 401) throw new ProviderAccountRejected('mercadopago');
    if (!res.ok)
      throw new ProviderError(
        res.status,
        data.error,
        `Mercado Pago ${path} answered ${res.status}: ${text(data.message) ?? ''}`,
      );
    return data;
  }
  /** The order's payments, newest first: an approved one wins over later attempts. */
  async function search(reference: string): Promise<Record<string, unknown>[]> {
    const data = await call(
      'GET',
      `/v1/payments/search?external_reference=${encodeURIComponent(reference)}&sort=date_created&criteria=desc`,
    );
    return Array.isArray(data.results) ? (data.results as Record<string, unknown>[]) : [];
  }
  return {
    name: 'mercadopago',
    async create(payment) {
      const data = await call('POST', '/checkout/preferences', {
        items: [
          {
            id: payment.reference,
            title: payment.subject,
            quantity: 1,
            unit_price: payment.amount,
            currency_id: 'CLP',
          },
        ],
        payer: { email: payment.email },
        external_reference: payment.reference,
        back_urls: {
          success: payment.returnUrl,
          pending: payment.returnUrl,
          failure: payment.returnUrl,
        },
        auto_return: 'approved',
        notification_url: payment.confirmationUrl,
        expires: true,
        expiration_date_to: new Date(Date.now() + payment.expiresInSeconds * 1000).toISOString(),
      });
      const id = text(data.id);
      const url = text(data.init_point);
      if (!id || !url)
        throw new ProviderError(502, null, 'Mercado Pago answered without init_point');
      return { ref: id, url };
    },
    async status(_ref, reference) {
      const results = await search(reference);
      const chosen = results.find((p) => p.status === 'approved') ?? results[0];
      return chosen
        ? paymentOf(chosen, reference)
        : {
            state: 'pending',
            amount: 0,
            reference,
            provider_order: null,
            media: null,
            date: null,
          };
    },
    async payment(id) {
      return paymentOf(await call('GET', `/v1/payments/${encodeURIComponent(id)}`), '');
    },
    async refund(refund) {
      const paid = (await search(refund.reference)).find((p) => p.status === 'approved');
      if (!paid) throw new ProviderError(400, null, 'no approved payment to refund');
      const data = await call(
        'POST',
        `/v1/payments/${text(paid.id)}/refunds`,
        { amount: refund.amount },
        // A retried refund is the same refund.
        { 'X-Idempotency-Key': `refund-${refund.reference}` },
      );
      return { ref: text(data.id) ?? '', state: text(data.status) ?? '' };
    },
    async check() {
      try {
        await call('GET', '/users/me');
        return 'ok';
      } catch (error) {
        if (error instanceof ProviderAccountRejected) return 'rejected';
        if (error instanceof ProviderError && error.status < 500) return 'rejected';
        return 'unreachable';
      }
    },
  };
}
