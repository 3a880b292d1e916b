import { SAVE_STATE_TEXT, type SaveState } from '@/lib/autosave/states';

/** The autosave badge: "Guardado", "Guardando…", "Sin conexión…", announced politely. */
export function SaveBadge({ state, text }: { state: SaveState | 'idle'; text?: string }) {
  const label =
    text ?? (state === 'idle' ? 'Guardado en este dispositivo' : SAVE_STATE_TEXT[state]);
  const tone =
    state === 'saved' || state === 'idle'
      ? 'bg-success-50 text-success-700'
      : state === 'saving'
        ? 'bg-ink-100 text-ink-700'
        : 'bg-warning-50 text-warning-700';
  const dot =
    state === 'saved' || state === 'idle'
      ? 'bg-success-600'
      : state === 'saving'
        ? 'bg-ink-500'
        : 'bg-warning-600';
  return (
    <span
      role="status"
      aria-live="polite"
      className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}
    >
      <span className={`size-1.5 rounded-full ${dot}`} aria-hidden="true" />
      {label}
    </span>
  );
}
