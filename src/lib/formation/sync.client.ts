/**
 * Keeps a signed-in user's draft on the server too, so it follows them to another browser.
 * Saves are debounced; a save names the server version it started from, and a 409 means
 * another device saved meanwhile: the server copy is taken and this device's edited fields
 * are laid on top (newest edit wins, no field silently lost), then saved again.
 */
import type { WritableAtom } from 'nanostores';
import { api } from '@/lib/api';
import type { BusinessType } from '@/lib/formation/business-type';
import type { DraftState } from '@/lib/formation/store.client';

export type SyncStatus = 'idle' | 'saving' | 'saved' | 'offline' | 'merged';

interface ServerDraft {
  data: Record<string, unknown> | null;
  version: number | null;
  edited_at: string | null;
}

export const SYNC_DEBOUNCE_MS = 800;

/** Lays the locally edited fields over the server's copy. */
export function mergeDrafts(local: DraftState, server: ServerDraft): DraftState {
  const serverData = (server.data ?? {}) as Record<string, unknown>;
  const localData = local.data as unknown as Record<string, unknown>;
  const serverEditedAt = server.edited_at ? Date.parse(server.edited_at) : 0;
  const merged: Record<string, unknown> = { ...localData, ...serverData };
  if (local.editedAt >= serverEditedAt) for (const key of local.dirty) merged[key] = localData[key];
  return { ...local, data: merged as unknown as DraftState['data'], version: server.version };
}

export function startDraftSync(type: BusinessType, store: WritableAtom<DraftState>, onStatus: (s: SyncStatus) => void): () => void {
  const url = `/api/companies/drafts/${type}/`;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pushing = false;
  let stopped = false;

  async function pull(): Promise<void> {
    const server = await api<ServerDraft>(url);
    const local = store.get();
    if (server.data === null || server.version === null) return;
    if (local.version === server.version) return;
    const serverEditedAt = server.edited_at ? Date.parse(server.edited_at) : 0;
    if (local.dirty.length === 0 || serverEditedAt > local.editedAt) {
      const merged = local.dirty.length === 0 ? { ...local, data: server.data as unknown as DraftState['data'], version: server.version, dirty: [] } : mergeDrafts(local, server);
      store.set(merged);
      if (local.dirty.length) onStatus('merged');
    } else {
      store.set(mergeDrafts(local, server));
    }
  }

  async function push(attempt = 0): Promise<void> {
    if (stopped || pushing) return;
    const snapshot = store.get();
    if (snapshot.dirty.length === 0) return;
    pushing = true;
    onStatus('saving');
    try {
      const saved = await api<{ version: number }>(url, {
        method: 'PUT',
        body: { data: snapshot.data, version: snapshot.version, edited_at: new Date(snapshot.editedAt || Date.now()).toISOString() },
      });
      const now = store.get();
      // Fields edited while the save was in flight stay dirty.
      store.set({ ...now, version: saved.version, dirty: now.editedAt === snapshot.editedAt ? [] : now.dirty });
      onStatus('saved');
    } catch (error) {
      const status = (error as { status?: number }).status;
      if (status === 409 && attempt < 3) {
        pushing = false;
        await pull().catch(() => {});
        onStatus('merged');
        return push(attempt + 1);
      }
      onStatus('offline');
      schedule(10_000);
    } finally {
      pushing = false;
    }
    if (store.get().dirty.length) schedule(SYNC_DEBOUNCE_MS);
  }

  function schedule(delay = SYNC_DEBOUNCE_MS) {
    clearTimeout(timer);
    timer = setTimeout(() => void push(), delay);
  }

  const online = () => schedule(0);
  window.addEventListener('online', online);
  void pull()
    .then(() => (store.get().dirty.length ? push() : onStatus('saved')))
    .catch(() => onStatus('offline'));
  const unsubscribe = store.listen((state) => {
    if (state.dirty.length) schedule();
  });
  return () => {
    stopped = true;
    clearTimeout(timer);
    unsubscribe();
    window.removeEventListener('online', online);
  };
}
