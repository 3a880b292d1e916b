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

function isCampaignParam(pair: string): boolean {
  const end = pair.indexOf('=');
  const name = (end === -1 ? pair : pair.slice(0, end)).toLowerCase();
  return name.startsWith('utm_') || CLICK_IDS.has(name);
}

/**
 * `path` (with its query, as requested) without campaign parameters, and without the `?` when
 * nothing else was asked; any other parameter stays as it was sent, in its order.
 */
export function withoutCampaignParams(path: string): string {
  const start = path.indexOf('?');
  if (start === -1) return path;
  const kept = path
    .slice(start + 1)
    .split('&')
    .filter((pair) => pair !== '' && !isCampaignParam(pair));
  return path.slice(0, start) + (kept.length ? `?${kept.join('&')}` : '');
}
