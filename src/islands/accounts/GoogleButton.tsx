import { useEffect, useRef, useState } from 'react';
import { bootstrapAuth, checkReferral, fetchSession } from '@/lib/accounts/auth.client';
import { OAUTH_MARKER_KEY, oauthErrorMessage, readMarker } from '@/lib/accounts/oauth-popup';
import { identifyUser } from '@/lib/analytics.client';
import { setSession } from '@/lib/accounts/store.client';
import { toast, toastError } from '@/lib/toast/store.client';

/**
 * "Continuar con Google": opens /auth/google in a popup and waits for the popup to rewrite
 * the marker, then refetches the session (docs/spec.md §4).
 */
export function GoogleButton({ enabled }: { enabled: boolean }) {
  const [waiting, setWaiting] = useState(false);
  const popupRef = useRef<Window | null>(null);

  useEffect(() => {
    async function onStorage(event: StorageEvent) {
      if (event.key !== OAUTH_MARKER_KEY) return;
      const marker = readMarker(event.newValue);
      if (!marker || marker.state === 'pending') return;
      setWaiting(false);
      localStorage.removeItem(OAUTH_MARKER_KEY);
      if (marker.state === 'error') {
        toastError(oauthErrorMessage(marker.error), 'No pudimos ingresar con Google');
        return;
      }
      const session = await fetchSession();
      if (!session.user) {
        toastError('No pudimos confirmar tu sesión. Inténtalo de nuevo.');
        return;
      }
      setSession(undefined, session.user);
      await checkReferral();
      await Promise.race([
        identifyUser(session.user).catch(() => {}),
        new Promise((r) => setTimeout(r, 1500)),
      ]);
      toast({
        title: `¡Hola, ${session.user.full_name.split(' ')[0]}!`,
        description: 'Ingresaste con Google.',
      });
      window.location.assign('/dashboard');
    }
    const listener = (event: StorageEvent) => void onStorage(event);
    window.addEventListener('storage', listener);
    void bootstrapAuth();
    return () => window.removeEventListener('storage', listener);
  }, []);

  function open() {
    if (!enabled) {
      toastError(oauthErrorMessage('not_configured'), 'Google no disponible');
      return;
    }
    localStorage.setItem(OAUTH_MARKER_KEY, JSON.stringify({ state: 'pending', at: Date.now() }));
    const popup = window.open('/auth/google', 'impulsa-google', 'popup,width=480,height=680');
    if (!popup) {
      localStorage.removeItem(OAUTH_MARKER_KEY);
      toastError(
        'Tu navegador bloqueó la ventana de Google. Permite las ventanas emergentes para Impulsa e inténtalo de nuevo.',
      );
      return;
    }
    popupRef.current = popup;
    setWaiting(true);
  }

  return (
    <div>
      <button
        type="button"
        onClick={open}
        className="btn-secondary w-full"
        aria-describedby={enabled ? undefined : 'google-off'}
      >
        <svg viewBox="0 0 24 24" className="size-5" aria-hidden="true">
          <path
            fill="#4285F4"
            d="M22.5 12.3c0-.8-.1-1.5-.2-2.2H12v4.2h5.9a5 5 0 0 1-2.2 3.3v2.7h3.6c2-1.9 3.2-4.7 3.2-8z"
          />
          <path
            fill="#34A853"
            d="M12 23c3 0 5.5-1 7.3-2.7l-3.6-2.7c-1 .7-2.2 1.1-3.7 1.1-2.9 0-5.3-1.9-6.2-4.5H2.1v2.8A11 11 0 0 0 12 23z"
          />
          <path fill="#FBBC05" d="M5.8 14.2a6.6 6.6 0 0 1 0-4.3V7H2.1a11 11 0 0 0 0 9.9l3.7-2.7z" />
          <path
            fill="#EA4335"
            d="M12 5.4c1.6 0 3.1.6 4.2 1.6l3.2-3.2A11 11 0 0 0 2.1 7l3.7 2.9C6.7 7.3 9.1 5.4 12 5.4z"
          />
        </svg>
        {waiting ? 'Esperando a Google…' : 'Continuar con Google'}
      </button>
      {!enabled && (
        <p id="google-off" className="field-hint text-center">
          El ingreso con Google no está configurado en este servidor.
        </p>
      )}
    </div>
  );
}

/** The "o" divider and the Google button under an email/password form. */
export function OrGoogle({ enabled }: { enabled: boolean }) {
  return (
    <>
      <div className="flex items-center gap-3 text-xs text-ink-500" aria-hidden="true">
        <span className="h-px flex-1 bg-ink-200" /> o <span className="h-px flex-1 bg-ink-200" />
      </div>
      <GoogleButton enabled={enabled} />
    </>
  );
}
