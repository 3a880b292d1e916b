import { useState } from 'react';
import { signOut } from '@/lib/accounts/auth.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/** Signs out (spec §4) and goes to /login. */
function SignOutButton({ className = 'btn-secondary' }: { className?: string }) {
  const [busy, setBusy] = useState(false);
  return (
    <button
      type="button"
      className={className}
      disabled={busy}
      onClick={() => {
        setBusy(true);
        void signOut('/login');
      }}
    >
      {busy ? 'Cerrando sesión…' : 'Cerrar sesión'}
    </button>
  );
}

export default withIslandBoundary(SignOutButton);
