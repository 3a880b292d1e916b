/**
 * One cart per shop across its hosts. A shop's site on a subdomain shares the main domain's cookies;
 * a custom domain cannot, so the first time a browser opens the checkout there, it makes one round
 * trip through the main domain (`/pay/enlazar`): the custom domain's cart (if any) goes over as a
 * one-time code and is merged into the main domain's, whose token comes back as another code. A
 * code is good once, for a minute, and travels only in redirects, never in a page's address.
 */
import { createHash, randomBytes } from 'node:crypto';
import type { AstroCookies } from 'astro';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import { CART_DAYS, CART_LINKED_COOKIE } from '@/lib/checkout/cart-cookie';
import {
  cartToken,
  isCartToken,
  mergeCarts,
  setCartToken,
  syncCartCounts,
} from '@/lib/checkout/cart.server';
import { isPayPath, PAY_PATHS } from '@/lib/orders/urls';
import { resolveSite, type SiteHost } from '@/lib/hosts';
import { siteForHost } from '@/lib/sites/published.server';
import { mainDomains, siteUrl } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/client';
import { cartLinks } from '@/lib/server/db/schema';

const CODE_SECONDS = 60;
const hash = (code: string) => createHash('sha256').update(code).digest('base64url');

async function issueCode(db: Db, token: string): Promise<string> {
  await db.delete(cartLinks).where(lt(cartLinks.expiresAt, sql`now()`));
  const code = randomBytes(24).toString('base64url');
  await db.insert(cartLinks).values({
    codeHash: hash(code),
    token,
    expiresAt: new Date(Date.now() + CODE_SECONDS * 1000),
  });
  return code;
}

/** The token behind a code, once; null when it is unknown, used or expired. */
async function redeemCode(db: Db, code: string | null): Promise<string | null> {
  if (!code || !/^[A-Za-z0-9_-]{32}$/.test(code)) return null;
  const [row] = await db
    .delete(cartLinks)
    .where(and(eq(cartLinks.codeHash, hash(code)), gt(cartLinks.expiresAt, sql`now()`)))
    .returning({ token: cartLinks.token });
  return isCartToken(row?.token) ? row.token : null;
}

/** A checkout path on the same host (anything else: the cart). */
const payTarget = (path: string | null) =>
  path && path.startsWith('/') && !path.startsWith('//') && isPayPath(path.split('?')[0]!)
    ? path
    : PAY_PATHS.pay;

/** Whether this browser still has to hand its cart over (a custom domain's first checkout). */
export function needsCartLink(host: SiteHost, cookies: AstroCookies): boolean {
  return host.kind === 'custom' && !cookies.has(CART_LINKED_COOKIE);
}

/** Where `/pay/enlazar` sends the browser next. */
export async function cartLinkStep(
  db: Db,
  host: SiteHost,
  url: URL,
  cookies: AstroCookies,
): Promise<string> {
  const params = url.searchParams;
  if (host.kind === 'main') {
    // The middle of the trip: take the custom domain's cart, send back this one.
    let target: URL;
    try {
      target = new URL(params.get('destino') ?? '');
    } catch {
      return PAY_PATHS.pay;
    }
    const site = resolveSite(target.host, mainDomains());
    if (
      !/^https?:$/.test(target.protocol) ||
      site.kind !== 'custom' ||
      !(await siteForHost(db, site))
    )
      return PAY_PATHS.pay;
    const theirs = await redeemCode(db, params.get('codigo'));
    let mine = cartToken(cookies, url, false);
    if (!mine && theirs) setCartToken(cookies, url, (mine = theirs));
    mine ??= cartToken(cookies, url, true)!;
    if (theirs && theirs !== mine) await mergeCarts(db, theirs, mine);
    await syncCartCounts(db, cookies, url, mine);
    const back = new URL(PAY_PATHS.link, target.origin);
    back.searchParams.set('codigo', await issueCode(db, mine));
    back.searchParams.set('destino', payTarget(target.pathname + target.search));
    return back.href;
  }
  const destination = payTarget(params.get('destino'));
  if (host.kind !== 'custom') return destination;
  const code = params.get('codigo');
  if (code === null) {
    // The start: this domain's cart (if any) goes to the main domain as a code.
    const own = cartToken(cookies, url, false);
    const there = new URL(PAY_PATHS.link, siteUrl().origin);
    there.searchParams.set('destino', new URL(destination, url.origin).href);
    if (own) there.searchParams.set('codigo', await issueCode(db, own));
    return there.href;
  }
  // The end: the main domain's cart becomes this domain's. An expired code ends the trip too.
  const token = await redeemCode(db, code);
  if (token) {
    setCartToken(cookies, url, token);
    await syncCartCounts(db, cookies, url, token);
  }
  cookies.set(CART_LINKED_COOKIE, '1', {
    path: PAY_PATHS.pay,
    httpOnly: true,
    sameSite: 'lax',
    secure: url.protocol === 'https:',
    maxAge: CART_DAYS * 86_400,
  });
  return destination;
}
