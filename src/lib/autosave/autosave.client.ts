/**
 * Autosave for a document edited in the browser and stored with a version (formation drafts,
 * canvas blocks; next, product drafts and site pages). Edits are kept on this device first
 * (the caller persists what `write` gets, so nothing typed is lost to a reload or a failed
 * save), sent after a pause, one request at a time, with the version they started from:
 *
 * - accepted: the new version is kept; edits made meanwhile are sent next;
 * - 409: the server's copy (which the 409 carries) is merged with the local one and sent
 *   again, or, when the document cannot be merged automatically, handed to the person to
 *   choose (`conflict`), never overwritten silently;
 * - no answer: `offline`, retried every few seconds and as soon as the browser is back online.
 */
import type { SaveState } from '@/lib/autosave/states';

/** The document as this device holds it. */
export interface LocalCopy<T> {
  value: T;
  /** The server version it is based on; null before the first save. */
  version: number | null;
  /** When the person last edited it (ms). */
  editedAt: number;
  /** It has edits the server does not have yet. */
  dirty: boolean;
}

/** The server's copy, as a 409 carries it. */
export interface ServerCopy<T> {
  value: T;
  version: number;
  editedAt: number;
}

export interface AutosaveOptions<T> {
  read(): LocalCopy<T>;
  /** Keeps `next` on this device (localStorage); called after every change of version or value. */
  write(next: LocalCopy<T>): void;
  /** Sends `value` as an edit of `version`; resolves with the new version, rejects with the API error. */
  send(value: T, version: number | null): Promise<number>;
  /** The stored copy a 409 error carries, or null when the error is not a 409. */
  conflictOf(error: unknown): ServerCopy<T> | null;
  /** Lays the local edits over the server's copy; absent: the person decides (`conflict`). */
  merge?(local: LocalCopy<T>, server: ServerCopy<T>): T;
  /** Checked before sending: false keeps the edit here with state `invalid`. */
  valid?(value: T): boolean;
  onState(state: SaveState, detail?: { conflict?: ServerCopy<T>; merged?: boolean }): void;
  debounceMs?: number;
  retryMs?: number;
}

export interface Autosave {
  /** Tells it the person edited (after `write` kept the edit): sends after a pause. */
  edited(): void;
  /** Sends now; true once the server has every edit. */
  flush(): Promise<boolean>;
  /** Ends a conflict: `mine` sends the local copy over the server's version, `theirs` takes the server's. */
  resolve(choice: 'mine' | 'theirs'): Promise<boolean>;
  stop(): void;
}

/** How many merges in a row before giving up (someone else keeps saving). */
const MAX_MERGES = 3;

export function createAutosave<T>(options: AutosaveOptions<T>): Autosave {
  const { debounceMs = 700, retryMs = 10_000 } = options;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let inFlight: Promise<boolean> | null = null;
  let conflict: ServerCopy<T> | null = null;
  let offline = false;
  let stopped = false;

  function schedule(delay: number) {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void flush(), delay);
  }

  async function save(merges = 0): Promise<boolean> {
    clearTimeout(timer);
    const local = options.read();
    if (!local.dirty) {
      offline = false;
      options.onState('saved');
      return true;
    }
    if (options.valid && !options.valid(local.value)) {
      options.onState('invalid');
      return false;
    }
    options.onState('saving');
    try {
      const version = await options.send(local.value, local.version);
      offline = false;
      const now = options.read();
      // Edits made while the request was in flight stay dirty and go next.
      const changed = now.editedAt !== local.editedAt;
      options.write({ ...now, version, dirty: changed });
      if (changed) schedule(300);
      options.onState(changed ? 'saving' : 'saved');
      return !changed;
    } catch (error) {
      const server = options.conflictOf(error);
      if (server && options.merge && merges < MAX_MERGES) {
        const now = options.read();
        options.write({
          value: options.merge(now, server),
          version: server.version,
          editedAt: now.editedAt,
          dirty: true,
        });
        options.onState('saving', { merged: true });
        return save(merges + 1);
      }
      if (server) {
        conflict = server;
        options.onState('conflict', { conflict: server });
        return false;
      }
      offline = true;
      options.onState('offline');
      schedule(retryMs);
      return false;
    }
  }

  /** One request at a time: a second one would carry the same base version and conflict with the first. */
  function flush(): Promise<boolean> {
    if (stopped || conflict) return Promise.resolve(false);
    return (inFlight ??= save().finally(() => (inFlight = null)));
  }

  const online = () => void flush();
  window.addEventListener('online', online);

  return {
    edited() {
      if (conflict || stopped) return;
      // Unsent edits are never shown as saved; while offline the badge says so until a save succeeds.
      if (!offline) options.onState('saving');
      schedule(debounceMs);
    },
    flush,
    async resolve(choice) {
      const server = conflict;
      if (!server) return flush();
      conflict = null;
      if (choice === 'mine') {
        options.write({ ...options.read(), version: server.version, dirty: true });
        return flush();
      }
      options.write({
        value: server.value,
        version: server.version,
        editedAt: server.editedAt,
        dirty: false,
      });
      options.onState('saved');
      return true;
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
      window.removeEventListener('online', online);
    },
  };
}

/** The stored copy in an API error's body (`{current: …}` of a 409), as `read` maps it. */
export function conflictBody(error: unknown): unknown {
  const e = error as { status?: number; data?: { current?: unknown } } | null;
  return e?.status === 409 && e.data?.current ? e.data.current : null;
}
