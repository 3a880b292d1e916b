import { useEffect, useState } from 'react';
import { fetchSession } from '@/lib/accounts/auth.client';
import { OAUTH_MARKER_KEY, oauthErrorMessage } from '@/lib/accounts/oauth-popup';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/**
 * /login/oauth-success, inside the Google popup: tells the opener through the marker and
 * closes. A popup that finds the marker and no signed-in user closes itself (docs/spec.md §4).
 * Opened without a popup, it simply continues to the dashboard or back to /login.
 */
function OAuthSuccess({ error }: { error: string | null }) {
  const [message, setMessage] = useState('Terminando de ingresar…');

  useEffect(() => {
    void (async () => {
      const marker = localStorage.getItem(OAUTH_MARKER_KEY);
      const session = error ? { user: null } : await fetchSession();
      if (session.user) {
        localStorage.setItem(OAUTH_MARKER_KEY, JSON.stringify({ state: 'done', at: Date.now() }));
        if (marker || window.opener) window.close();
        window.location.replace('/dashboard');
        return;
      }
      if (marker) {
        localStorage.setItem(
          OAUTH_MARKER_KEY,
          JSON.stringify({ state: 'error', at: Date.now(), error: error ?? 'failed' }),
        );
        window.close();
      }
      setMessage(oauthErrorMessage(error ?? 'failed'));
    })();
  }, [error]);

  return (
    <main id="contenido" className="flex min-h-screen items-center justify-center p-6">
      <div className="card max-w-sm p-6 text-center" role="status">
        <p className="text-ink-700">{message}</p>
        <a href="/login" className="btn-secondary mt-4">
          Volver a ingresar
        </a>
      </div>
    </main>
  );
}

export default withIslandBoundary(OAuthSuccess);
