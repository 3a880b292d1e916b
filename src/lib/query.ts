/** The data-fetch cache's rules (docs/spec.md §9), pure so they can be tested. */

/** Cached reads are dropped 5 minutes after they were fetched. */
export const QUERY_CACHE_LIFETIME_MS = 5 * 60_000;
/** A failed read is retried 3 times. */
export const QUERY_RETRIES = 3;
/** …after 1 s, then twice as long each time, at most 30 s. */
export const QUERY_RETRY_BASE_MS = 1000;
export const QUERY_RETRY_MAX_MS = 30_000;

/** Delay before retry number `retryCount` (from 1), or undefined when it should give up. */
export function queryRetryDelay(retryCount: number): number | undefined {
  if (retryCount > QUERY_RETRIES) return undefined;
  return Math.min(QUERY_RETRY_BASE_MS * 2 ** (retryCount - 1), QUERY_RETRY_MAX_MS);
}
