/**
 * One stock (issue 66): the `channel-stock-push` job sends a linked product's current stock to its
 * Mercado Libre listings — the value, never a difference, so a repeated or late push is harmless.
 * The database queues it in the transaction of any stock change (migration 0045), one waiting per
 * product however many changes come; saving links queues one per product too. A listing of a
 * product without a stock limit is left as the seller set it at Mercado Libre.
 */
import { and, eq, inArray, sql } from 'drizzle-orm';
import {
  accessTokenOf,
  ChannelUnavailable,
  MERCADOLIBRE,
} from '@/lib/channels/mercadolibre/account.server';
import { MercadoLibreError, mlPut } from '@/lib/channels/mercadolibre/oauth.server';
import type { Db } from '@/lib/server/db/client';
import { channelAccounts, channelLinks, products, productVariants } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';
import { enqueueUnlessWaiting } from '@/lib/server/queue/queue';
import type { JobHandler } from '@/lib/server/queue/worker';

export const STOCK_PUSH_JOB = 'channel-stock-push';

/** Queues a push of each product's stock (the database does it on every stock change). */
export async function enqueueStockPushes(db: Db, productIds: readonly number[]): Promise<void> {
  for (const productId of new Set(productIds))
    await enqueueUnlessWaiting(db, {
      kind: STOCK_PUSH_JOB,
      ref: `stock:${productId}`,
      payload: { productId },
    });
}

export const channelStockPushJob: JobHandler = async ({ db }, job) => {
  const { productId } = job.payload as { productId: number };
  const links = await db.select().from(channelLinks).where(eq(channelLinks.productId, productId));
  if (!links.length) return { skipped: 'not linked' };
  const sellerId = links[0]!.sellerId;
  const [product] = await db
    .select({ stock: products.stock })
    .from(products)
    .where(eq(products.id, productId));
  const variantIds = links.flatMap((l) => (l.variantId ? [l.variantId] : []));
  const variants = new Map(
    (variantIds.length
      ? await db
          .select({ id: productVariants.id, stock: productVariants.stock })
          .from(productVariants)
          .where(inArray(productVariants.id, variantIds))
      : []
    ).map((v) => [v.id, v.stock]),
  );
  let token: string;
  try {
    token = await accessTokenOf(db, sellerId);
  } catch (error) {
    // Reconnected later, the next change (or the links' save) pushes again.
    if (error instanceof ChannelUnavailable) return { skipped: 'channel unavailable' };
    throw error;
  }
  // One PUT per listing: its own quantity, or its variations' at once.
  const byItem = new Map<string, Record<string, unknown>>();
  for (const link of links) {
    const stock = link.variantId ? variants.get(link.variantId) : product?.stock;
    if (stock === null || stock === undefined) continue;
    const quantity = Math.max(0, stock);
    if (!link.variationId) byItem.set(link.itemId, { available_quantity: quantity });
    else {
      const body = byItem.get(link.itemId) ?? { variations: [] };
      (body.variations as unknown[]).push({
        id: Number(link.variationId),
        available_quantity: quantity,
      });
      byItem.set(link.itemId, body);
    }
  }
  const pushed: string[] = [];
  for (const [itemId, body] of byItem) {
    try {
      await mlPut(token, `/items/${encodeURIComponent(itemId)}`, body);
    } catch (error) {
      if (!(error instanceof MercadoLibreError) || error.status >= 500 || error.status === 429)
        throw error;
      // A listing changed at Mercado Libre (a variation removed): the others still go.
      log.warn('mercado libre refused a stock push', { itemId, status: error.status });
      continue;
    }
    pushed.push(itemId);
  }
  await db
    .update(channelAccounts)
    .set({ lastSyncAt: sql`now()` })
    .where(and(eq(channelAccounts.userId, sellerId), eq(channelAccounts.channel, MERCADOLIBRE)));
  return { pushed };
};
