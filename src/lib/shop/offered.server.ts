/**
 * Which redirect providers a shop offers at checkout: those whose account the provider accepted;
 * and, for the dashboard's path, every card account connected with what its provider last said.
 */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isRedirectProvider, type RedirectProvider } from '@/lib/shop/payment-methods';
import type { JsonPart } from '@/lib/server/db/queries';
import { paymentAccounts, stores } from '@/lib/server/db/schema';
import type { ProviderState } from '@/lib/shop/payment-methods';
import { PAYMENT_NAMES } from '@/lib/shop/payment-methods';

/** One column of the statement that reads the shop (the product page reads all in one). */
export function offeredProvidersPart(sellerId: AnyPgColumn | SQL): JsonPart<RedirectProvider[]> {
  return {
    sql: sql`select coalesce(json_agg(${paymentAccounts.provider} order by ${paymentAccounts.provider}), '[]')
      from ${paymentAccounts}
      where ${paymentAccounts.userId} = ${sellerId} and ${paymentAccounts.check} = 'ok'`,
    read: (names: unknown[]) =>
      names.filter((n): n is RedirectProvider => isRedirectProvider(String(n))),
  };
}

/** Every card account of the seller (Webpay on the store, Flow and Mercado Pago), as a part. */
export function cardAccountsPart(userId: number): JsonPart<ProviderState[]> {
  return {
    sql: sql`select coalesce(json_agg(json_build_object('method', p.method, 'check', p.checked)
        order by p.rank, p.method), '[]')
      from (
        select 'webpay' as method, ${stores.webpayCheck} as checked, 0 as rank from ${stores}
        where ${stores.userId} = ${userId}
          and ${stores.webpayCommerceCode} is not null and ${stores.webpaySecret} is not null
        union all
        select ${paymentAccounts.provider}, ${paymentAccounts.check}, 1 from ${paymentAccounts}
        where ${paymentAccounts.userId} = ${userId}
      ) p`,
    read: (rows: Omit<ProviderState, 'name'>[]) =>
      rows.map((row) => ({ ...row, name: PAYMENT_NAMES[row.method] })),
  };
}
