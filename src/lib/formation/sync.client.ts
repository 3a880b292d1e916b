/**
 * Keeps a signed-in user's draft on the server too, so it follows them to another browser,
 * through the shared autosave: a 409 means another device saved meanwhile, and the server's
 * copy is taken with this device's edited fields laid on top (newest edit wins, no field
 * silently lost), then saved again.
 */
import type { WritableAtom } from 'nanostores';
import { api } from '@/lib/api';
import { conflictBody, createAutosave, type ServerCopy } from '@/lib/autosave/autosave.client';
import type { SaveState } from '@/lib/autosave/states';
import type { BusinessType } from '@/lib/formation/business-type';
import type { DraftState } from '@/lib/formation/store.client';

/** `idle` until the server answered once; `merged` when another device's edits were combined in. */
export type SyncStatus = SaveState | 'idle' | 'merged';

type DraftData = DraftState['data'];

/** The server's draft as GET, a 409 and the server-rendered page carry it. */
export interface ServerDraft {
  data: unknown;
  version: number | null;
  edited_at: string | null;
}

export const SYNC_DEBOUNCE_MS = 800;

/** The server's draft (as GET and a 409 carry it) in the autosave's terms. */
function serverCopy(draft: ServerDraft): ServerCopy<DraftData> {
  return {
    value: (draft.data ?? {}) as unknown as DraftData,
    version: draft.version ?? 0,
    editedAt: draft.edited_at ? Date.parse(draft.edited_at) : 0,
  };
}

/**
 * Takes the server's copy when this browser has nothing newer (no unsent edit, an older or
 * no version); true when taken. Used on the first render (the copy the page came with) and
 * by every pull.
 */
export function takeServerDraft(store: WritableAtom<DraftState>, draft: ServerDraft): boolean {
  const local = store.get();
  if (
    draft.data === null ||
    draft.version === null ||
    local.version === draft.version ||
    local.dirty.length > 0
  )
    return false;
  const server = serverCopy(draft);
  store.set({
    ...local,
    data: server.value,
    version: server.version,
    editedAt: server.editedAt,
    dirty: [],
    sent: null,
  });
  return true;
}

/** Lays the locally edited fields over the server's copy (the newer edit wins). */
function mergeDrafts(local: DraftState, server: ServerCopy<DraftData>): DraftData {
  const localData = local.data as unknown as Record<string, unknown>;
  const merged: Record<string, unknown> = {
    ...localData,
    ...(server.value as unknown as Record<string, unknown>),
  };
  if (local.editedAt >= server.editedAt)
    for (const key of local.dirty) merged[key] = localData[key];
  return merged as unknown as DraftData;
}

export function startDraftSync(
  type: BusinessType,
  store: WritableAtom<DraftState>,
  onStatus: (s: SyncStatus) => void,
): () => void {
  const url = `/api/companies/drafts/${type}/`;
  const autosave = createAutosave<DraftData>({
    read: () => {
      const state = store.get();
      return {
        value: state.data,
        version: state.version,
        editedAt: state.editedAt,
        dirty: state.dirty.length > 0,
      };
    },
    write: (next) => {
      const state = store.get();
      // The edited fields stay listed while unsent: a later merge lays them over the server's copy.
      const dirty = !next.dirty ? [] : state.dirty.length ? state.dirty : Object.keys(next.value);
      store.set({
        ...state,
        data: next.value,
        version: next.version,
        editedAt: next.editedAt,
        dirty,
      });
    },
    send: async (data, version) => {
      const editedAt = new Date(store.get().editedAt || Date.now()).toISOString();
      return (
        await api<{ version: number }>(url, {
          method: 'PUT',
          body: { data, version, edited_at: editedAt },
        })
      ).version;
    },
    conflictOf: (error) => {
      const current = conflictBody(error) as ServerDraft | null;
      return current ? serverCopy(current) : null;
    },
    merge: (_local, server) => mergeDrafts(store.get(), server),
    onState: (state, detail) => onStatus(detail?.merged ? 'merged' : state),
    debounceMs: SYNC_DEBOUNCE_MS,
  });

  /** Takes the server's copy when this device has nothing newer; merges when both changed. */
  async function pull(): Promise<void> {
    const draft = await api<ServerDraft>(url);
    const local = store.get();
    if (
      draft.data === null ||
      draft.version === null ||
      local.version === draft.version ||
      takeServerDraft(store, draft)
    )
      return;
    const server = serverCopy(draft);
    store.set({ ...local, data: mergeDrafts(local, server), version: server.version });
    if (server.editedAt > local.editedAt) onStatus('merged');
  }

  void pull()
    .then(() => autosave.flush())
    .catch(() => onStatus('offline'));
  const unsubscribe = store.listen((state) => {
    if (state.dirty.length) autosave.edited();
  });
  return () => {
    autosave.stop();
    unsubscribe();
  };
}
