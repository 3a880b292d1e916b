import { useState, type SubmitEvent } from 'react';
import { signOut } from '@/lib/accounts/auth.client';
import { toastError } from '@/lib/toast/store.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/**
 * Signs out (docs/spec.md §4) and goes to /login. A form posting to the logout endpoint, which
 * answers a plain post with a redirect: it works before the island hydrates. Hydrated, it
 * also resets the stores, the analytics identity and localStorage.
 */
function SignOutButton({ className = 'btn-secondary' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    // The server's logout may fail (signOut goes on); what fails here is the browser's part.
    signOut('/login').catch((error: unknown) => {
      setBusy(false);
      toastError(
        error instanceof Error && error.message ? error.message : 'Logout failed',
        'No pudimos cerrar tu sesión',
      );
    });
  }
  return (
    <form method="post" action="/api/users/logout/" onSubmit={onSubmit} className="contents">
      <button type="submit" className={className} disabled={busy}>
        {busy ? 'Cerrando sesión…' : 'Cerrar sesión'}
      </button>
    </form>
  );
}

export default withIslandBoundary(SignOutButton);
