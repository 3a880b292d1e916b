/** The shared autosave: debounce, one request at a time, edits in flight, merge or conflict on 409, offline retry. */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAutosave, type LocalCopy, type ServerCopy } from '@/lib/autosave/autosave.client';
import type { SaveState } from '@/lib/autosave/states';

const conflictError = (current: ServerCopy<string[]>) =>
  Object.assign(new Error('409'), { status: 409, current });

function harness(
  options: {
    merge?: boolean;
    send?: (value: string[], version: number | null) => Promise<number>;
    valid?: (v: string[]) => boolean;
  } = {},
) {
  let local: LocalCopy<string[]> = { value: [], version: null, editedAt: 0, dirty: false };
  const states: SaveState[] = [];
  const sent: { value: string[]; version: number | null }[] = [];
  let conflictSeen: ServerCopy<string[]> | undefined;
  const saver = createAutosave<string[]>({
    read: () => local,
    write: (next) => (local = next),
    send: async (value, version) => {
      sent.push({ value, version });
      return options.send ? options.send(value, version) : (version ?? 0) + 1;
    },
    conflictOf: (e) =>
      (e as { status?: number }).status === 409
        ? (e as { current: ServerCopy<string[]> }).current
        : null,
    merge: options.merge
      ? (mine, server) => [...new Set([...server.value, ...mine.value])]
      : undefined,
    valid: options.valid,
    onState: (state, detail) => {
      states.push(state);
      if (detail?.conflict) conflictSeen = detail.conflict;
    },
    debounceMs: 100,
    retryMs: 1000,
  });
  const edit = (value: string[]) => {
    local = { ...local, value, editedAt: local.editedAt + 1, dirty: true };
    saver.edited();
  };
  return {
    saver,
    edit,
    states,
    sent,
    get local() {
      return local;
    },
    get conflict() {
      return conflictSeen;
    },
  };
}

beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('window', new EventTarget());
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('autosave', () => {
  it('waits for a pause, then sends the latest edit once', async () => {
    const h = harness();
    h.edit(['a']);
    h.edit(['a', 'b']);
    expect(h.states.at(-1)).toBe('saving');
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sent).toEqual([{ value: ['a', 'b'], version: null }]);
    expect(h.local).toMatchObject({ version: 1, dirty: false });
    expect(h.states.at(-1)).toBe('saved');
  });

  it('sends one request at a time; an edit made meanwhile goes next, on the new version', async () => {
    let release!: (v: number) => void;
    const h = harness({
      send: (_v, version) =>
        version === null ? new Promise((r) => (release = r)) : Promise.resolve(version + 1),
    });
    h.edit(['a']);
    await vi.advanceTimersByTimeAsync(100);
    h.edit(['a', 'b']);
    void h.saver.flush();
    expect(h.sent).toHaveLength(1);
    release(1);
    await vi.advanceTimersByTimeAsync(400);
    expect(h.sent).toEqual([
      { value: ['a'], version: null },
      { value: ['a', 'b'], version: 1 },
    ]);
    expect(h.local).toMatchObject({ value: ['a', 'b'], version: 2, dirty: false });
  });

  it('a 409 with a merge lays the local edits over the stored copy and sends again', async () => {
    const h = harness({
      merge: true,
      send: async (_v, version) =>
        version === 1
          ? Promise.reject(conflictError({ value: ['theirs'], version: 4, editedAt: 9 }))
          : (version ?? 0) + 1,
    });
    h.local.version = 1;
    h.edit(['mine']);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sent.at(-1)).toEqual({ value: ['theirs', 'mine'], version: 4 });
    expect(h.local).toMatchObject({ value: ['theirs', 'mine'], version: 5, dirty: false });
  });

  it('a 409 without a merge hands the choice to the person, and sends nothing until then', async () => {
    const server = { value: ['theirs'], version: 3, editedAt: 5 };
    const h = harness({
      send: async (_v, version) =>
        version === 1 ? Promise.reject(conflictError(server)) : (version ?? 0) + 1,
    });
    h.local.version = 1;
    h.edit(['mine']);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.states.at(-1)).toBe('conflict');
    expect(h.conflict).toEqual(server);
    h.edit(['mine', 'more']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.sent).toHaveLength(1);
    expect(await h.saver.resolve('mine')).toBe(true);
    expect(h.sent.at(-1)).toEqual({ value: ['mine', 'more'], version: 3 });

    const t = harness({ send: async () => Promise.reject(conflictError(server)) });
    t.edit(['mine']);
    await vi.advanceTimersByTimeAsync(100);
    await t.saver.resolve('theirs');
    expect(t.local).toEqual({ value: ['theirs'], version: 3, editedAt: 5, dirty: false });
    expect(t.states.at(-1)).toBe('saved');
  });

  it('offline: keeps the edit, says so, and retries later and when the browser is back online', async () => {
    let up = false;
    const h = harness({
      send: async (_v, version) =>
        up ? (version ?? 0) + 1 : Promise.reject(new TypeError('fetch failed')),
    });
    h.edit(['a']);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.states.at(-1)).toBe('offline');
    h.edit(['a', 'b']);
    expect(h.states.at(-1)).toBe('offline');
    await vi.advanceTimersByTimeAsync(1000);
    expect(h.local.dirty).toBe(true);
    up = true;
    window.dispatchEvent(new Event('online'));
    await vi.advanceTimersByTimeAsync(0);
    expect(h.local).toMatchObject({ value: ['a', 'b'], dirty: false });
    expect(h.states.at(-1)).toBe('saved');
  });

  it('an invalid edit stays here and is not sent', async () => {
    const h = harness({ valid: (v) => v.every((x) => x.length < 5) });
    h.edit(['demasiado largo']);
    await vi.advanceTimersByTimeAsync(100);
    expect(h.sent).toEqual([]);
    expect(h.states.at(-1)).toBe('invalid');
    expect(h.local.dirty).toBe(true);
  });
});
