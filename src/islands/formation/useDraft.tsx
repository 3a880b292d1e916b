import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { BusinessType } from '@/lib/formation/business-type';
import type { DraftByType } from '@/lib/formation/draft';
import { startDraftSync, type SyncStatus } from '@/lib/formation/sync.client';
import { applyQuickStart, draftStore, initialDraftState, updateDraft } from '@/lib/formation/store.client';
import { toast } from '@/lib/toast/store.client';
import '@/lib/accounts/auth.client';

/** The draft of `type` (server-rendered with the defaults, then the stored copy) and its updater. */
export function useDraft<T extends BusinessType>(type: T) {
  const store = draftStore(type);
  const state = useStore(store, { ssr: () => initialDraftState(type) });
  return { draft: state.data, update: (patch: Partial<DraftByType[T]>) => updateDraft(type, patch) };
}

/** Applies a pending quick start, then keeps the draft synced with the server; returns the sync status. */
export function useDraftSync(type: BusinessType): SyncStatus {
  const [status, setStatus] = useState<SyncStatus>('idle');
  useEffect(() => {
    if (applyQuickStart(type)) toast({ title: 'Usamos el nombre que escribiste', description: 'Puedes cambiarlo cuando quieras.' }, { persist: false });
    return startDraftSync(type, draftStore(type) as never, (s) => {
      setStatus(s);
      if (s === 'merged') toast({ title: 'Combinamos tus cambios', description: 'Este borrador también se editó en otro dispositivo.' }, { persist: false });
    });
  }, [type]);
  return status;
}

/** "Guardado", "Guardando…" or "Sin conexión", for the header. */
export function SyncBadge({ status }: { status: SyncStatus }) {
  const text = {
    idle: 'Guardado en este dispositivo',
    saving: 'Guardando…',
    saved: 'Guardado',
    merged: 'Guardado',
    offline: 'Sin conexión: guardado en este dispositivo',
  }[status];
  const tone = status === 'offline' ? 'bg-warning-50 text-warning-600' : 'bg-success-50 text-success-700';
  return (
    <span role="status" aria-live="polite" className={`inline-flex items-center gap-1.5 rounded-full px-2.5 py-1 text-xs font-semibold ${tone}`}>
      <span className={`size-1.5 rounded-full ${status === 'offline' ? 'bg-warning-600' : 'bg-success-600'}`} aria-hidden="true" />
      {text}
    </span>
  );
}
