import { useState } from 'react';
import { useHydrated } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/**
 * Copies `text` to the clipboard. Rendered only once hydrated: without JavaScript the text sits in
 * a read-only field beside it, selectable by hand, and no button that does nothing is shown.
 */
function CopyButton({
  text,
  label,
  copiedLabel = '¡Copiado!',
  idleLabel = 'Copiar enlace',
}: {
  text: string;
  label: string;
  copiedLabel?: string;
  idleLabel?: string;
}) {
  const hydrated = useHydrated();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  if (!hydrated) return null;

  async function copy() {
    try {
      await navigator.clipboard.writeText(text);
      setState('copied');
    } catch {
      setState('failed');
    }
    setTimeout(() => setState('idle'), 2500);
  }

  return (
    <button
      type="button"
      className="btn-secondary min-h-9 px-3 text-sm"
      onClick={() => void copy()}
      aria-label={state === 'idle' ? label : undefined}
    >
      <span aria-live="polite">
        {state === 'copied' ? copiedLabel : state === 'failed' ? 'Cópialo del campo' : idleLabel}
      </span>
    </button>
  );
}

export default withIslandBoundary(CopyButton);
