/**
 * Copies of unsaved edits kept on this device, so a reload or a failed save loses nothing. One
 * nanostore per kind of document (@nanostores/persistent's map: each copy is its own
 * localStorage entry under the store's prefix), shared by every island of the page and kept in
 * step with other tabs by the storage event.
 */
import { persistentMap } from '@nanostores/persistent';
import type { MapStore } from 'nanostores';

export interface DeviceCopies<T> {
  /** The copies by key; islands may subscribe to it. */
  readonly $copies: MapStore<Record<string, T | undefined>>;
  load(key: string): T | null;
  save(key: string, value: T): void;
  forget(key: string): void;
  /** Keys that hold a copy. */
  keys(): string[];
}

/** The device copies stored under `prefix` (e.g. `impulsa:canvas:`). */
export function deviceCopies<T>(prefix: string): DeviceCopies<T> {
  const $copies = persistentMap<Record<string, T | undefined>>(
    prefix,
    {},
    {
      encode: JSON.stringify,
      decode: (raw: string) => {
        try {
          return JSON.parse(raw) as T;
        } catch {
          return undefined;
        }
      },
    },
  );
  const write = (key: string, value: T | undefined) => {
    try {
      $copies.setKey(key, value);
    } catch {
      /* storage full or blocked: the page still holds the edits */
    }
  };
  return {
    $copies,
    load: (key) => $copies.get()[key] ?? null,
    save: write,
    forget: (key) => write(key, undefined),
    keys: () =>
      Object.entries($copies.get()).flatMap(([key, value]) => (value === undefined ? [] : [key])),
  };
}
