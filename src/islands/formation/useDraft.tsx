import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { BusinessType } from '@/lib/formation/business-type';
import type { DraftByType } from '@/lib/formation/draft';
import { startDraftSync, type SyncStatus } from '@/lib/formation/sync.client';
import { applyQuickStart, draftStore, initialDraftState, updateDraft } from '@/lib/formation/store.client';
import { toast } from '@/lib/toast/store.client';
import '@/lib/accounts/auth.client';
import { SaveBadge } from '@/islands/ui/SaveBadge';
import type { VoPlan } from '@/lib/formation/draft';
import { $voPlans } from '@/lib/query.client';

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

/** The draft's save state for the header badge; a merge shows as saved (the toast tells). */
export function SyncBadge({ status }: { status: SyncStatus }) {
  return <SaveBadge state={status === 'merged' ? 'saved' : status} />;
}

/** The virtual-office plans: null while loading, empty when they cannot be had (cached for every island). */
export function useVoPlans(): VoPlan[] | null {
  const { data, error } = useStore($voPlans);
  return data?.results ?? (error ? [] : null);
}
