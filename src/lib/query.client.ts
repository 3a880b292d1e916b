/**
 * Cached reads shared by islands (`@nanostores/query`): one request per key however many
 * islands ask, kept for 5 minutes and retried with backoff (docs/spec.md §9), through the API client.
 */
import { nanoquery } from '@nanostores/query';
import { api } from '@/lib/api';
import type { VoPlan } from '@/lib/formation/draft';
import { QUERY_CACHE_LIFETIME_MS, queryRetryDelay } from '@/lib/query';

export const [createFetcherStore] = nanoquery({
  fetcher: (...keys) => api(keys.join('')),
  cacheLifetime: QUERY_CACHE_LIFETIME_MS,
  onErrorRetry: ({ retryCount }) => queryRetryDelay(retryCount),
});

/** The virtual-office plans offered in formation step 02 and in the chat. */
export const $voPlans = createFetcherStore<{ results: VoPlan[] }>(['/api/formation/vo-plans/']);
