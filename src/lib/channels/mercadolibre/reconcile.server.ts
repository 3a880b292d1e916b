/**
 * Notifications get lost (a restart, a slow answer that Mercado Libre gave up on): every 10
 * minutes, for each connected seller, the notices Mercado Libre could not deliver
 * (`GET /missed_feeds`) and her newest paid orders (`GET /orders/search`) are compared with what
 * was imported, and each missing sale is queued like a notified one (issue 66).
 */
import { and, eq, isNull } from 'drizzle-orm';
import {
  accessTokenOf,
  ChannelUnavailable,
  MERCADOLIBRE,
} from '@/lib/channels/mercadolibre/account.server';
import { parseNotice } from '@/lib/channels/mercadolibre/notice';
import { mlGet } from '@/lib/channels/mercadolibre/oauth.server';
import { enqueueOrderImport, isImported } from '@/lib/channels/mercadolibre/order-import.server';
import { scalar } from '@/lib/channels/mercadolibre/scalar';
import { mercadoLibreApp } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { channelAccounts } from '@/lib/server/db/schema';
import { log } from '@/lib/server/log';

export const RECONCILE_JOB = 'channel-orders-sweep';
/** How many of a seller's newest paid orders are compared each time. */
const RECENT = 50;

const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : []);

/** Queues every sale of every connected seller not imported yet; how many were queued. */
export async function reconcileMercadoLibre(db: Db): Promise<number> {
  const app = mercadoLibreApp();
  if (!app) return 0;
  const accounts = await db
    .select({ sellerId: channelAccounts.userId, userId: channelAccounts.externalUserId })
    .from(channelAccounts)
    .where(and(eq(channelAccounts.channel, MERCADOLIBRE), isNull(channelAccounts.problem)));
  let queued = 0;
  for (const account of accounts) {
    try {
      const token = await accessTokenOf(db, account.sellerId);
      const missed = await mlGet(
        token,
        `/missed_feeds?app_id=${app.clientId}&topic=orders_v2&limit=${RECENT}`,
      );
      const recent = await mlGet(
        token,
        `/orders/search?seller=${account.userId}&order.status=paid&sort=date_desc&limit=${RECENT}`,
      );
      const ids = new Set([
        ...list(missed.messages).flatMap((m) => {
          const notice = parseNotice(m);
          return notice?.orderId && notice.userId === account.userId ? [notice.orderId] : [];
        }),
        ...list(recent.results).flatMap((o) => {
          const id = scalar((o as Record<string, unknown> | null)?.id);
          return /^\d{1,20}$/.test(id) ? [id] : [];
        }),
      ]);
      for (const id of ids) {
        if (await isImported(db, id)) continue;
        await enqueueOrderImport(db, account.userId, id);
        queued++;
      }
    } catch (error) {
      // One seller's trouble (a revoked grant, Mercado Libre away) leaves the others' sweep.
      if (!(error instanceof ChannelUnavailable))
        log.warn('mercado libre reconciliation failed', { sellerId: account.sellerId, error });
    }
  }
  return queued;
}
