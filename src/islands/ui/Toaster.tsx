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

  // A promise nobody caught (spec §4): the person hears something went wrong, the console keeps it.
  useEffect(() => {
    const rejected = (event: PromiseRejectionEvent) => {
      console.error('Unhandled rejection', event.reason);
      toastError(
        'Algo no funcionó en esta página. Vuelve a intentarlo; si se repite, recarga la página.',
        'Ocurrió un error',
      );
    };
    window.addEventListener('unhandledrejection', rejected);
    return () => window.removeEventListener('unhandledrejection', rejected);
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
