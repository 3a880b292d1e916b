/** Which redirect providers a shop offers at checkout: those whose account the provider accepted. */
import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { isRedirectProvider, type RedirectProvider } from '@/lib/orders/providers/provider';
import type { JsonPart } from '@/lib/server/db/queries';
import { paymentAccounts } from '@/lib/server/db/schema';

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
