import { useStore as useLiveStore } from '@nanostores/react';
import type { ReadableAtom } from 'nanostores';
import { useHydrated } from '@/islands/ui/fields';

/**
 * nanostores' `useStore`, with its `ssr` snapshot kept on Preact. preact/compat's
 * `useSyncExternalStore` ignores the server snapshot, so without this the server would render
 * the live store (one module for every request) and the hydrating render would read the
 * browser's copy (localStorage). Preact does not patch attributes while it hydrates: the page
 * would keep the server's HTML under a different state. The server and the first render in the
 * browser read `ssr()`; the render after hydration reads the store, as React does.
 */
export function useStore<T>(store: ReadableAtom<T>, options: { ssr?: () => T } = {}): T {
  const live = useLiveStore(store);
  const hydrated = useHydrated();
  return options.ssr && !hydrated ? options.ssr() : live;
}
