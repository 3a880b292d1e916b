import { describe, expect, it } from 'vitest';
import * as C from '@/lib/toast/constants';
import {
  assertToastType,
  nextToastId,
  toastReducer,
  type ToastItem,
  type ToastState,
} from '@/lib/toast/reducer';

const item = (id: string, extra: Partial<ToastItem> = {}): ToastItem => ({
  id,
  open: true,
  title: `t${id}`,
  ...extra,
});

describe('toast constants (docs/spec.md §9)', () => {
  it('match the specification', () => {
    expect(C.TOAST_LIMIT).toBe(1);
    expect(C.TOAST_REMOVE_DELAY).toBe(1_000_000);
    expect(C.TOAST_DURATION).toBe(5000);
    expect(C.TOAST_SWIPE_DIRECTION).toBe('right');
    expect(C.TOAST_SWIPE_THRESHOLD).toBe(50);
    expect(C.TOAST_VIEWPORT_HOTKEY).toEqual(['F8']);
    expect(C.TOAST_VIEWPORT_LABEL).toBe('Notifications ({hotkey})');
    expect(C.TOAST_PROVIDER_LABEL).toBe('Notification');
  });
});

describe('toastReducer', () => {
  it('adds newest first and keeps only TOAST_LIMIT', () => {
    let state: ToastState = { toasts: [] };
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('1') });
    state = toastReducer(state, { type: 'ADD_TOAST', toast: item('2') });
    expect(state.toasts.map((t) => t.id)).toEqual(['2']);
  });

  it('updates by id, merging fields', () => {
    const state = { toasts: [item('1', { description: 'a', variant: 'default' })] };
    const next = toastReducer(state, {
      type: 'UPDATE_TOAST',
      toast: { id: '1', description: 'b' },
    });
    expect(next.toasts[0]).toMatchObject({
      id: '1',
      description: 'b',
      variant: 'default',
      title: 't1',
    });
    expect(
      toastReducer(state, { type: 'UPDATE_TOAST', toast: { id: '9', title: 'x' } }).toasts[0]!
        .title,
    ).toBe('t1');
  });

  it('dismisses one or all by setting open to false', () => {
    const state = { toasts: [item('1'), item('2')] };
    expect(
      toastReducer(state, { type: 'DISMISS_TOAST', toastId: '2' }).toasts.map((t) => t.open),
    ).toEqual([true, false]);
    expect(toastReducer(state, { type: 'DISMISS_TOAST' }).toasts.every((t) => !t.open)).toBe(true);
  });

  it('removes one or all', () => {
    const state = { toasts: [item('1'), item('2')] };
    expect(
      toastReducer(state, { type: 'REMOVE_TOAST', toastId: '1' }).toasts.map((t) => t.id),
    ).toEqual(['2']);
    expect(toastReducer(state, { type: 'REMOVE_TOAST' }).toasts).toEqual([]);
  });

  it('does not mutate the previous state', () => {
    const state = { toasts: [item('1')] };
    toastReducer(state, { type: 'DISMISS_TOAST' });
    expect(state.toasts[0]!.open).toBe(true);
  });
});

describe('toast ids and types', () => {
  it('ids are counter strings', () => {
    const a = Number(nextToastId());
    expect(nextToastId()).toBe(String(a + 1));
  });

  it('accepts foreground and background only', () => {
    expect(() => assertToastType('foreground')).not.toThrow();
    expect(() => assertToastType('background')).not.toThrow();
    expect(() => assertToastType(undefined)).not.toThrow();
    expect(() => assertToastType('sideways')).toThrow(/foreground \| background/);
  });
});
