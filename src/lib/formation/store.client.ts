/**
 * One persisted draft per company type (docs/spec.md §3: drafts are persisted locally), plus what
 * the server sync needs: the server version it was based on and which fields changed since.
 */
import { persistentAtom, persistentMap } from '@nanostores/persistent';
import type { WritableAtom } from 'nanostores';
import type { BusinessType } from '@/lib/formation/business-type';
import { defaultDraft, draftWithDefaults, type DraftByType } from '@/lib/formation/draft';
import { $quickStartCompany, takeQuickStart } from '@/lib/formation/quick-start.client';

export interface DraftState<T extends BusinessType = BusinessType> {
  data: DraftByType[T];
  /** When the person last edited it (ms). */
  editedAt: number;
  /** The server version this copy is based on; null before the first sync. */
  version: number | null;
  /** Top-level fields edited since the last successful sync. */
  dirty: string[];
  /** The company this browser last sent from the draft, until the draft is edited again. */
  sent: { id: number; name: string } | null;
}

export function initialDraftState<T extends BusinessType>(type: T): DraftState<T> {
  return { data: defaultDraft(type), editedAt: 0, version: null, dirty: [], sent: null };
}

const stores = new Map<BusinessType, WritableAtom<DraftState>>();

/** localStorage key of a type's draft. */
export const draftKey = (type: BusinessType) => `impulsa:formation:${type}`;

/** The persisted draft store of `type`. */
export function draftStore<T extends BusinessType>(type: T): WritableAtom<DraftState<T>> {
  let store = stores.get(type);
  if (store === undefined) {
    store = persistentAtom<DraftState>(draftKey(type), initialDraftState(type) as DraftState, {
      encode: JSON.stringify,
      decode: (raw: string) => {
        try {
          const parsed = JSON.parse(raw) as DraftState;
          // Fields added to the draft later keep their defaults.
          return {
            ...initialDraftState(type),
            ...parsed,
            data: draftWithDefaults(type, parsed.data),
          };
        } catch {
          return initialDraftState(type);
        }
      },
    });
    stores.set(type, store);
  }
  return store as unknown as WritableAtom<DraftState<T>>;
}

/** Applies an edit: merges `patch`, stamps the time, marks the fields dirty. */
export function updateDraft<T extends BusinessType>(type: T, patch: Partial<DraftByType[T]>): void {
  const store = draftStore(type);
  const state = store.get();
  const dirty = Array.from(new Set([...state.dirty, ...Object.keys(patch)]));
  store.set({
    ...state,
    data: { ...state.data, ...patch },
    editedAt: Date.now(),
    dirty,
    sent: null,
  });
}

/**
 * Starts over with the defaults after sending, remembering what was sent so that a page reached
 * with the back button says so instead of listing a blank draft's missing fields.
 */
export function resetDraft(type: BusinessType, sent: DraftState['sent'] = null): void {
  draftStore(type).set({ ...initialDraftState(type), sent });
}

/**
 * Quick start (docs/spec.md §4): a pending quick-start company of this type fills the draft's
 * companyName, and the stored value is cleared.
 */
export function applyQuickStart(type: BusinessType): boolean {
  const pending = $quickStartCompany.get();
  if (!pending || pending.type !== type) return false;
  const company = takeQuickStart();
  if (!company) return false;
  updateDraft(type, { companyName: company.name });
  return true;
}

/** Per company type, the furthest step this browser has opened (its position), for the ✓ marks. */
export const $furthestStep = persistentMap<Partial<Record<BusinessType, string>>>(
  'impulsa:formation:furthest:',
  {},
);

/** Records that step `index` of `type` was opened; returns the furthest one opened so far. */
export function reachStep(type: BusinessType, index: number): number {
  const stored = Number($furthestStep.get()[type] ?? -1);
  const furthest = Math.max(Number.isInteger(stored) ? stored : -1, index);
  $furthestStep.setKey(type, String(furthest));
  return furthest;
}
