/**
 * Product analytics by consent (Ley 21.719, issue 48): nothing reaches PostHog, nor our `/ingest`
 * proxy, until the person says yes. A browser keeps its choice in a cookie; an account keeps it in
 * `users.analytics_consent`, which a signed-in page reads instead. Pure.
 */
import { cookieName } from '@/lib/cookies';

export const CONSENT_COOKIE = cookieName('consent');
/** A year: the person is asked again after that. */
export const CONSENT_COOKIE_DAYS = 365;

/** The cookie's values: short, and never anything else. */
const VALUES = { granted: 'si', denied: 'no' } as const;

/** true accepted, false declined, null not asked yet (the banner shows). */
export type AnalyticsConsent = boolean | null;

/** Where the preferences live; the banner and every footer post or link here. */
export const PRIVACY_PREFERENCES_PATH = '/privacidad/preferencias';

/** The cookie's value for a choice. */
export const consentCookieValue = (granted: boolean) => (granted ? VALUES.granted : VALUES.denied);

/** The choice a cookie value holds; anything else is no choice. */
export function parseConsent(value: string | undefined): AnalyticsConsent {
  if (value === VALUES.granted) return true;
  if (value === VALUES.denied) return false;
  return null;
}

const IN_HEADER = new RegExp(`(?:^|;)\\s*${CONSENT_COOKIE}=([^;]*)`);

/**
 * The part of a shared page's cache key the choice picks (`server/cache/page-cache.ts`): a page
 * with the banner, one that loads analytics, and one with neither are three copies.
 */
export function consentVariant(cookieHeader: string | undefined): string {
  const consent = parseConsent(cookieHeader ? IN_HEADER.exec(cookieHeader)?.[1] : undefined);
  return consent === null ? '' : `|analitica=${consentCookieValue(consent)}`;
}

/** The choice in one sentence, as the preferences page and /perfil say it. */
export function consentSummary(consent: AnalyticsConsent): string {
  if (consent === true)
    return 'Aceptaste la analítica: medimos qué pantallas abres y qué pasos completas, para mejorar Impulsa.';
  if (consent === false) return 'Rechazaste la analítica: no medimos tu uso.';
  return 'Todavía no eliges: mientras tanto no medimos tu uso.';
}
