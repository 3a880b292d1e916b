import { useStore } from '@nanostores/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { flashCookieString, parseFlash, readFlashCookie } from '@/lib/toast/flash';
import { $toasts, toast, toastError } from '@/lib/toast/store.client';

/** Radix's toast code, fetched when the browser is idle or a toast arrives, whichever is first. */
const ToastArea = lazy(() => import('@/islands/ui/ToastArea'));

/**
 * The global toast area (docs/spec.md §2): one per page, fed by the `$toasts` queue. Radix is not part
 * of what a page downloads before it can be used; the area mounts once it is here.
 */
function Toaster() {
  const state = useStore($toasts);
  const [idle, setIdle] = useState(false);

  // A promise nobody caught, or a script's error nobody handled (spec §4): the person hears
  // something went wrong, the console keeps it. A resource that failed to load is not a script error.
  useEffect(() => {
    const tell = (what: string, reason: unknown) => {
      console.error(what, reason);
      toastError(
        'Algo no funcionó en esta página. Vuelve a intentarlo; si se repite, recarga la página.',
        'Ocurrió un error',
      );
    };
    const rejected = (event: PromiseRejectionEvent) => tell('Unhandled rejection', event.reason);
    const failed = (event: ErrorEvent) => {
      if (event.error !== undefined || event.message) tell('Unhandled error', event.error);
    };
    window.addEventListener('unhandledrejection', rejected);
    window.addEventListener('error', failed);
    return () => {
      window.removeEventListener('unhandledrejection', rejected);
      window.removeEventListener('error', failed);
    };
  }, []);

  useEffect(() => {
    const flash = parseFlash(readFlashCookie(document.cookie));
    document.cookie = flashCookieString(null);
    if (flash)
      toast(
        { title: flash.title, description: flash.description, variant: flash.variant },
        { persist: false },
      );
    const ready = () => setIdle(true);
    if (typeof requestIdleCallback !== 'function') return void setTimeout(ready, 200);
    const handle = requestIdleCallback(ready, { timeout: 2000 });
    return () => cancelIdleCallback(handle);
  }, []);

  if (!idle && state.toasts.length === 0) return null;
  return (
    <Suspense fallback={null}>
      <ToastArea toasts={state.toasts} />
    </Suspense>
  );
}

export default withIslandBoundary(Toaster);
