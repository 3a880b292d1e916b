/**
 * Flow (flow.cl) through its REST API, with each store's own account. Every call is
 * form-urlencoded and signed: `s` is the HMAC-SHA256 (hex) made with the secret key over the
 * parameters sorted by name, each name followed by its value. `FLOW_API_URL` points it at
 * another host (the tests' local Flow). What this relies on: `docs/decisions/2026-11-27-payment-providers.md`.
 */
import { createHmac } from 'node:crypto';
import type { PaymentState, PaymentProvider } from '@/lib/payments/provider';
import { ProviderAccountRejected, ProviderError } from '@/lib/payments/provider';
import { flowApiUrl } from '@/lib/server/config';

export type FlowEnvironment = 'sandbox' | 'production';

export interface FlowAccount {
  apiKey: string;
  secretKey: string;
  environment: FlowEnvironment;
}

/** Flow's signature of `params` (its own `s` left out). */
export function flowSignature(params: Record<string, string>, secretKey: string): string {
  const text = Object.keys(params)
    .filter((name) => name !== 's')
    .sort()
    .map((name) => name + params[name])
    .join('');
  return createHmac('sha256', secretKey).update(text).digest('hex');
}

/** Flow's payment states: 1 pending, 2 paid, 3 rejected, 4 cancelled. */
const STATES: Record<number, PaymentState> = {
  1: 'pending',
  2: 'paid',
  3: 'rejected',
  4: 'cancelled',
};

/** A scalar of Flow's JSON as text; anything else (an object, a missing field) is null. */
const text = (v: unknown): string | null =>
  typeof v === 'string' && v ? v : typeof v === 'number' ? String(v) : null;

/** A call must answer within this, or checkout offers the other ways to pay. */
const TIMEOUT_MS = 10_000;

export function flowClient(account: FlowAccount): PaymentProvider {
  const base = flowApiUrl(account.environment);
  async function call(
    method: 'GET' | 'POST',
    path: string,
    params: Record<string, string>,
  ): Promise<Record<string, unknown>> {
    const signed = { ...params, apiKey: account.apiKey };
    const form = new URLSearchParams({ ...signed, s: flowSignature(signed, account.secretKey) });
    const res = await fetch(method === 'GET' ? `${base}${path}?${form}` : `${base}${path}`, {
      method,
      ...(method === 'POST' && {
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: form.toString(),
      }),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    const data = (await res.json().catch(() => ({}))) as Record<string, unknown>;
    if (res.status === 401) throw new ProviderAccountRejected('flow');
    if (!res.ok)
      throw new ProviderError(
        res.status,
        data.code,
        `Flow ${path} answered ${res.status}: ${text(data.message) ?? ''}`,
      );
    return data;
  }
  return {
    name: 'flow',
    async create(payment) {
      const data = await call('POST', '/payment/create', {
        commerceOrder: payment.reference,
        subject: payment.subject,
        currency: 'CLP',
        amount: String(payment.amount),
        email: payment.email,
        urlConfirmation: payment.confirmationUrl,
        urlReturn: payment.returnUrl,
        timeout: String(payment.expiresInSeconds),
      });
      const url = text(data.url);
      const token = text(data.token);
      if (!url || !token) throw new ProviderError(502, null, 'Flow answered without url or token');
      return { ref: token, url: `${url}?token=${encodeURIComponent(token)}` };
    },
    async status(token) {
      const data = await call('GET', '/payment/getStatus', { token });
      const paid = (data.paymentData ?? {}) as Record<string, unknown>;
      return {
        state: STATES[Number(data.status)] ?? 'pending',
        amount: Number(data.amount ?? 0),
        reference: text(data.commerceOrder) ?? '',
        provider_order: text(data.flowOrder),
        media: text(paid.media),
        date: text(paid.date),
      };
    },
    async refund(refund) {
      const data = await call('POST', '/refund/create', {
        refundCommerceOrder: `${refund.reference}-R`,
        receiverEmail: refund.email,
        amount: String(refund.amount),
        urlCallBack: refund.callbackUrl,
        commerceTrxId: refund.reference,
      });
      return { ref: text(data.token) ?? '', state: text(data.status) ?? '' };
    },
    async refundStatus(token) {
      const data = await call('GET', '/refund/getStatus', { token });
      return { ref: text(data.token) ?? token, state: text(data.status) ?? '' };
    },
    async check() {
      // A token that cannot exist: Flow answers 400 to a known account, 401 to an unknown one.
      try {
        await call('GET', '/payment/getStatus', { token: '0'.repeat(40) });
        return 'ok';
      } catch (error) {
        if (error instanceof ProviderAccountRejected) return 'rejected';
        if (error instanceof ProviderError && error.status < 500) return 'ok';
        return 'unreachable';
      }
    },
  };
}
