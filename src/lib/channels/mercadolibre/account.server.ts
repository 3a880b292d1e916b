/**
 * A shop's Mercado Libre account (issue 66): connected by the OAuth round trip, shown without its
 * tokens, disconnected, and opened for a call. The access token lasts 6 h and the refresh token is
 * single-use, so a refresh is claimed in one short transaction on the account's row
 * (`refreshing_until`): of two requests at once one refreshes and the other waits for its answer —
 * one token call, never a spent refresh token sent twice. No transaction is held across a call.
 */
import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { channelAccounts } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { log } from '@/lib/server/log';
import { openSecret, sealSecret } from '@/lib/server/secrets';
import {
  exchangeCode,
  mlGet,
  MercadoLibreGrantGone,
  refreshGrant,
  type TokenPair,
} from '@/lib/channels/mercadolibre/oauth.server';
import { scalar } from '@/lib/channels/mercadolibre/scalar';

export const MERCADOLIBRE = 'mercadolibre';
/** A token this close to its end is refreshed before use. */
const MARGIN_MS = 60_000;
/** How long one request may hold a refresh before another may claim it. */
const CLAIM_MS = 15_000;

type AccountRow = typeof channelAccounts.$inferSelect;

/** The channel as the seller sees it (`GET /api/store/channels/mercadolibre/`): never a token. */
export interface ChannelView {
  connected: boolean;
  user_id: string | null;
  nickname: string | null;
  connected_at: string | null;
  last_sync_at: string | null;
  /** What stops the channel, in the seller's words. */
  problems: string[];
}

export const REAUTH =
  'Vuelve a conectar tu cuenta: Mercado Libre ya no acepta el permiso que diste.';

function toView(row: AccountRow | undefined): ChannelView {
  return {
    connected: Boolean(row),
    user_id: row?.externalUserId ?? null,
    nickname: row?.nickname ?? null,
    connected_at: row?.connectedAt.toISOString() ?? null,
    last_sync_at: row?.lastSyncAt?.toISOString() ?? null,
    problems: row?.problem === 'reauth' ? [REAUTH] : [],
  };
}

const rowOf = async (db: Db, userId: number) =>
  (
    await db
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, MERCADOLIBRE)))
  )[0];

export async function channelView(db: Db, userId: number): Promise<ChannelView> {
  return toView(await rowOf(db, userId));
}

const sealed = (pair: TokenPair) => ({
  accessToken: sealSecret(pair.accessToken),
  refreshToken: sealSecret(pair.refreshToken),
  expiresAt: pair.expiresAt,
  refreshingUntil: null,
  problem: null,
  updatedAt: new Date(),
});

/**
 * The end of the OAuth round trip: the code exchanged, the account named by `/users/me`, kept
 * sealed. An account another shop holds is a 409: its notifications can name one shop only.
 */
export async function connectMercadoLibre(
  db: Db,
  userId: number,
  code: string,
): Promise<ChannelView> {
  const pair = await exchangeCode(code);
  const me = await mlGet(pair.accessToken, '/users/me');
  const externalUserId = scalar(me.id) || pair.userId;
  const nickname = typeof me.nickname === 'string' ? me.nickname : '';
  try {
    await db
      .insert(channelAccounts)
      .values({ userId, channel: MERCADOLIBRE, externalUserId, nickname, ...sealed(pair) })
      .onConflictDoUpdate({
        target: [channelAccounts.userId, channelAccounts.channel],
        set: { externalUserId, nickname, connectedAt: new Date(), ...sealed(pair) },
      });
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(
        409,
        'Esa cuenta de Mercado Libre ya está conectada a otra tienda de Impulsa.',
      );
    throw error;
  }
  return channelView(db, userId);
}

export async function disconnectMercadoLibre(db: Db, userId: number): Promise<ChannelView> {
  await db
    .delete(channelAccounts)
    .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, MERCADOLIBRE)));
  return channelView(db, userId);
}

/** The channel cannot be used until the seller connects (again). */
export class ChannelUnavailable extends Error {}

/**
 * A live access token for the seller, refreshed first when it is about to end. Of several callers
 * at once, the one that claims the refresh calls Mercado Libre; the others wait for its answer.
 */
export async function accessTokenOf(db: Db, userId: number): Promise<string> {
  for (let waited = 0; ; waited += 200) {
    const row = await rowOf(db, userId);
    if (!row) throw new ChannelUnavailable('not connected');
    if (row.problem === 'reauth') throw new ChannelUnavailable('reauth');
    if (row.expiresAt.getTime() - Date.now() > MARGIN_MS) return openSecret(row.accessToken);
    const claimed = await claimRefresh(db, userId);
    if (claimed) return refresh(db, userId, openSecret(claimed.refreshToken));
    if (waited > CLAIM_MS) throw new ChannelUnavailable('refresh still claimed');
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** Claims the refresh in one transaction: the row, or null when another holds it (or did it). */
async function claimRefresh(db: Db, userId: number): Promise<AccountRow | null> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(channelAccounts)
      .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, MERCADOLIBRE)))
      .for('update');
    const now = Date.now();
    if (!row || row.problem || row.expiresAt.getTime() - now > MARGIN_MS) return null;
    if (row.refreshingUntil && row.refreshingUntil.getTime() > now) return null;
    await tx
      .update(channelAccounts)
      .set({ refreshingUntil: new Date(now + CLAIM_MS) })
      .where(and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, MERCADOLIBRE)));
    return row;
  });
}

async function refresh(db: Db, userId: number, refreshToken: string): Promise<string> {
  const where = and(eq(channelAccounts.userId, userId), eq(channelAccounts.channel, MERCADOLIBRE));
  try {
    const pair = await refreshGrant(refreshToken);
    await db.update(channelAccounts).set(sealed(pair)).where(where);
    return pair.accessToken;
  } catch (error) {
    if (error instanceof MercadoLibreGrantGone) {
      // Stops the channel and keeps everything else: she connects again and it goes on.
      log.warn('mercado libre grant gone', { userId });
      await db
        .update(channelAccounts)
        .set({ problem: 'reauth', refreshingUntil: null, updatedAt: sql`now()` })
        .where(where);
      throw new ChannelUnavailable('reauth');
    }
    // Mercado Libre away: the claim lapses and the next caller tries again.
    await db.update(channelAccounts).set({ refreshingUntil: null }).where(where);
    throw error;
  }
}

/** «Probar conexión»: asks Mercado Libre who the token is; the view after. */
export async function checkMercadoLibre(db: Db, userId: number): Promise<ChannelView> {
  try {
    const token = await accessTokenOf(db, userId);
    await mlGet(token, '/users/me');
  } catch (error) {
    if (error instanceof ChannelUnavailable) return channelView(db, userId);
    if (error instanceof HttpError) throw error;
    log.warn('mercado libre check failed', { userId, error });
    throw new HttpError(503, 'Mercado Libre no respondió. Intenta de nuevo en unos minutos.');
  }
  return channelView(db, userId);
}
