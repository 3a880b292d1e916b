/**
 * Campaign and click-id parameters: what ad platforms, social apps and newsletters append to a
 * shared link (`?utm_source=instagram`, `?fbclid=…`, Google's `?srsltid=…` on product results).
 * They stay in the visitor's address bar for whatever analytics reads them there; nothing the
 * server renders depends on them, so the route cache keys a page without them: a link shared on
 * Instagram is served from the cache like the bare one.
 */

/** Parameter names, lower case; any `utm_*` is one too. */
const CLICK_IDS = new Set([
  'fbclid',
  'gclid',
  'gclsrc',
  'dclid',
  'gbraid',
  'wbraid',
  'srsltid',
  'msclkid',
  'igshid',
  'igsh',
  'ttclid',
  'twclid',
  'li_fat_id',
  'yclid',
  'mc_cid',
  'mc_eid',
  '_gl',
]);

/** Whether a query parameter's name is a campaign's or a click id's. */
export function isCampaignParam(name: string): boolean {
  const lower = name.toLowerCase();
  return lower.startsWith('utm_') || CLICK_IDS.has(lower);
}

/** The name of a `name=value` pair (a pair without `=` is all name: `-1 >>> 0` is past its end). */
export const paramName = (pair: string) => pair.slice(0, pair.indexOf('=') >>> 0);
