import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import type { BusinessType } from '@/lib/formation/business-type';
import { draftWithDefaults, type DraftByType, type VoPlan } from '@/lib/formation/draft';
import { takeQuickStart } from '@/lib/formation/quick-start.client';
import {
  startDraftSync,
  takeServerDraft,
  type ServerDraft,
  type SyncStatus,
} from '@/lib/formation/sync.client';
import {
  applyQuickStart,
  draftStore,
  initialDraftState,
  updateDraft,
  type DraftState,
} from '@/lib/formation/store.client';
import { typedFieldsBeforeHydration } from '@/islands/ui/fields';
import { toast } from '@/lib/toast/store.client';
import '@/lib/accounts/auth.client';
import { SaveBadge } from '@/islands/ui/SaveBadge';
import { $voPlans } from '@/lib/query.client';

/** The page's server copy as the store holds it (what the server rendered). */
function renderedState<T extends BusinessType>(type: T, server: ServerDraft | null): DraftState<T> {
  if (!server || server.data === null || server.version === null) return initialDraftState(type);
  return {
    data: draftWithDefaults(type, server.data),
    version: server.version,
    editedAt: server.edited_at ? Date.parse(server.edited_at) : 0,
    dirty: [],
    sent: null,
  };
}

/**
 * The draft of `type` and its updater. The page renders the server's copy (`server`); on the
 * first render in the browser, before hydration can touch a field, this browser takes that
 * copy unless it holds unsent edits, and then lays over it whatever the person typed into
 * the server-rendered `form` while the JavaScript was loading, so no keystroke is lost.
 */
export function useDraft<T extends BusinessType>(
  type: T,
  server: ServerDraft | null = null,
  form?: string,
) {
  const store = draftStore(type);
  useState(() => {
    if (typeof window === 'undefined') return;
    if (server) takeServerDraft(store, server);
    if (!form) return;
    const draft = store.get().data as unknown as Record<string, unknown>;
    const typed = Object.entries(typedFieldsBeforeHydration(form)).filter(
      ([name, value]) => typeof draft[name] === 'string' && draft[name] !== value,
    );
    if (typed.length) updateDraft(type, Object.fromEntries(typed) as Partial<DraftByType[T]>);
  });
  // The server and hydration render the server's copy, then React renders the browser's; one stable snapshot.
  const [rendered] = useState(() => renderedState(type, server));
  const state = useStore(store, { ssr: () => rendered });
  return {
    draft: state.data,
    sent: state.sent ?? null,
    update: (patch: Partial<DraftByType[T]>) => updateDraft(type, patch),
  };
}

/**
 * Keeps the draft synced with the server; returns the sync status. A quick-start company the
 * server already applied is only forgotten here (and announced); one it could not see is applied.
 */
export function useDraftSync(type: BusinessType, quickStartApplied = false): SyncStatus {
  const [status, setStatus] = useState<SyncStatus>('idle');
  useEffect(() => {
    if (quickStartApplied) takeQuickStart();
    if (quickStartApplied || applyQuickStart(type))
      toast(
        {
          title: 'Usamos el nombre que escribiste',
          description: 'Puedes cambiarlo cuando quieras.',
        },
        { persist: false },
      );
    return startDraftSync(type, draftStore(type), (s) => {
      setStatus(s);
      if (s === 'merged')
        toast(
          {
            title: 'Combinamos tus cambios',
            description: 'Este borrador también se editó en otro dispositivo.',
          },
          { persist: false },
        );
    });
    // The page decides `quickStartApplied` at render, so this runs once per business type.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per type, as said above
  }, [type]);
  return status;
}

/** The draft's save state for the header badge; a merge shows as saved (the toast tells). */
export function SyncBadge({ status }: { status: SyncStatus }) {
  return <SaveBadge state={status === 'merged' ? 'saved' : status} />;
}

/** The virtual-office plans: null while loading, empty when they cannot be had (cached for every island). */
export function useVoPlans(): VoPlan[] | null {
  const plans = useStore($voPlans);
  return plans.data?.results ?? (plans.error ? [] : null);
}
