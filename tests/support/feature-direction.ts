/**
 * The declared direction between the features of `src/lib` (docs/architecture.md, «Features»), and
 * the check the import-rule test runs on the import graph. Kept apart so a test can feed it a
 * made-up graph and see it fail.
 */

/**
 * The features from the bottom up: each imports only those before it, types included, so nothing
 * below knows what is built on it. What an event causes above (an order paid → its mails and its
 * tax document) is a listener a composition root installs (`src/lib/order-effects.server.ts`).
 */
export const FEATURE_ORDER = [
  'chile',
  'legal',
  'errors',
  'toast',
  'autosave',
  'marketing',
  'privacy',
  'accounts',
  'team',
  'lessons',
  'canvas',
  'formation',
  'backoffice',
  'shop',
  'feeds',
  'sites',
  'orders',
  'shipping',
  'payments',
  'checkout',
  'invoicing',
  'channels',
  'customers',
  'figures',
  'journey',
  'routing',
] as const;

/** Files at `src/lib`'s top that wire features together: they may import any; no feature imports them. */
export const COMPOSITION_ROOTS = [
  'account-deletion.server.ts',
  'jobs.server.ts',
  'order-effects.server.ts',
] as const;

/** One import, as paths relative to `src/lib` (`orders/book.server.ts`). */
export interface LibEdge {
  from: string;
  to: string;
}

/** `orders` for `orders/book.server.ts`; null for a file at the top or in `server/`. */
export function featureOf(file: string): string | null {
  const [first, ...rest] = file.split('/');
  return rest.length > 0 && first !== 'server' ? first! : null;
}

/**
 * Every import that breaks the direction: a feature reaching one above it, directly or through a
 * shared file at `src/lib`'s top (which counts as its importer's), or reaching a composition root.
 * A feature folder missing from `order` is reported too: a new folder must take its place.
 */
export function directionBreaks(
  edges: readonly LibEdge[],
  order: readonly string[] = FEATURE_ORDER,
  roots: readonly string[] = COMPOSITION_ROOTS,
): string[] {
  const rank = (feature: string) => order.indexOf(feature);
  const topLevel = (file: string) => !file.includes('/');
  const featuresOfShared = new Map<string, string[]>();
  for (const { from, to } of edges) {
    const feature = featureOf(to);
    if (topLevel(from) && feature)
      featuresOfShared.set(from, [...(featuresOfShared.get(from) ?? []), feature]);
  }
  const breaks = new Set<string>();
  for (const { from, to } of edges) {
    const mine = featureOf(from);
    if (mine === null) continue;
    if (rank(mine) < 0) {
      breaks.add(`${mine}: not in the declared order`);
      continue;
    }
    if (topLevel(to) && roots.includes(to)) {
      breaks.add(`${from} → ${to}: a composition root`);
      continue;
    }
    const reached = topLevel(to)
      ? (featuresOfShared.get(to) ?? []).map((f) => ({ feature: f, via: `${to} → ${f}` }))
      : featureOf(to) === null
        ? []
        : [{ feature: featureOf(to)!, via: to }];
    for (const { feature, via } of reached) {
      if (feature === mine) continue;
      if (rank(feature) < 0) breaks.add(`${feature}: not in the declared order`);
      else if (rank(feature) > rank(mine))
        breaks.add(`${from} → ${via}: ${mine} is below ${feature}`);
    }
  }
  return [...breaks];
}
