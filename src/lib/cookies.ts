/**
 * Every cookie the app sets, in one place (issue 47): its names and what carrying it means for the
 * two caches of rendered pages. Features take their names from here; the page cache's «personal»
 * list and the kept answers' «unkept» list derive from it, and a test fails on a cookie name
 * written anywhere else.
 *
 * `publicPage`, for the shared copy of a public page (`server/cache/page-cache.ts`):
 *  - 'personal': a page rendered for a request carrying it is that person's: never the shared copy;
 *  - 'per-value': one shared copy per value (the cart's counts in the shop headers);
 *  - 'unread': no cacheable page reads it while rendering.
 * `signedInPage`: 'changes' when a signed-in page renders differently with it (the kept answers,
 * `server/private-answers/`, are then not used), else 'ignored'.
 */
export interface CookieInfo {
  /** Over HTTPS first when a `__Host-` name exists, then the plain one. */
  names: readonly [string, ...string[]];
  publicPage: 'personal' | 'per-value' | 'unread';
  signedInPage: 'changes' | 'ignored';
}

export const COOKIES = {
  /** The browser session (HttpOnly). */
  session: {
    names: ['__Host-impulsa_session', 'impulsa_session'],
    publicPage: 'personal',
    signedInPage: 'ignored',
  },
  /** A toast to show on the next page. */
  flash: { names: ['impulsa_flash'], publicPage: 'personal', signedInPage: 'changes' },
  /** The company a visitor started on `/`, until they sign in. */
  quickStart: { names: ['impulsa_quickstart'], publicPage: 'personal', signedInPage: 'changes' },
  /** Where the guard sends a person once signed in. */
  intended: { names: ['impulsa_intended'], publicPage: 'unread', signedInPage: 'changes' },
  /** Units in each shop's cart, shown by shop headers. */
  cartCounts: { names: ['impulsa_carro_n'], publicPage: 'per-value', signedInPage: 'ignored' },
  /** The anonymous cart token (the checkout, never cached). */
  cart: { names: ['impulsa_carro'], publicPage: 'unread', signedInPage: 'ignored' },
  /** On a custom domain: the cart was handed over from the main domain. */
  cartLinked: { names: ['impulsa_carro_enlazado'], publicPage: 'unread', signedInPage: 'ignored' },
  /** A referral partner seen in `?source=`. */
  referral: { names: ['impulsa_referral'], publicPage: 'unread', signedInPage: 'ignored' },
  /** After a sign-in posted as a plain form: the next page identifies in analytics. */
  identify: { names: ['impulsa_identify'], publicPage: 'unread', signedInPage: 'ignored' },
  /** The analytics choice of a browser (`lib/privacy/consent.ts`); a signed-in page reads the account's. */
  consent: { names: ['impulsa_consent'], publicPage: 'per-value', signedInPage: 'ignored' },
  /** Google sign-in's state while away at Google (HttpOnly). */
  oidc: { names: ['impulsa_oidc'], publicPage: 'unread', signedInPage: 'ignored' },
  /** Mercado Libre's `state` while the seller is away connecting her account (HttpOnly). */
  channelState: { names: ['impulsa_canal'], publicPage: 'unread', signedInPage: 'ignored' },
  /** A browser the account signed in from (HttpOnly). */
  device: {
    names: ['__Host-impulsa_device', 'impulsa_device'],
    publicPage: 'unread',
    signedInPage: 'ignored',
  },
} as const satisfies Record<string, CookieInfo>;

export type CookieKey = keyof typeof COOKIES;

/** The cookie's one name, or over `protocol` its `__Host-` name (HTTPS) or the plain one. */
export function cookieName(key: CookieKey, protocol = 'http:'): string {
  const { names } = COOKIES[key] as CookieInfo;
  return protocol === 'https:' || names.length === 1 ? names[0] : names[1]!;
}

/** Every name of the cookies whose `field` is `value`. */
export function cookieNames<F extends 'publicPage' | 'signedInPage'>(
  field: F,
  value: CookieInfo[F],
): string[] {
  return Object.values(COOKIES as Record<string, CookieInfo>)
    .filter((c) => c[field] === value)
    .flatMap((c) => [...c.names]);
}
