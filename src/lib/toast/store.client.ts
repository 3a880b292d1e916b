/**
 * The toast queue any island can push to. Islands are separate React roots, so the
 * queue lives in a nanostore rather than React context.
 */
import { atom } from 'nanostores';
import type { ReactNode } from 'react';
import { TOAST_REMOVE_DELAY } from '@/lib/toast/constants';
import { flashCookieString, type FlashToast } from '@/lib/toast/flash';
import {
  assertToastType,
  nextToastId,
  toastReducer,
  type ToastAction,
  type ToastItem,
  type ToastState,
} from '@/lib/toast/reducer';

/** The queue, newest first. */
export const $toasts = atom<ToastState<ReactNode>>({ toasts: [] });

const removeTimers = new Map<string, ReturnType<typeof setTimeout>>();

function scheduleRemoval(toastId: string): void {
  if (removeTimers.has(toastId)) return;
  removeTimers.set(
    toastId,
    setTimeout(() => {
      removeTimers.delete(toastId);
      dispatchToast({ type: 'REMOVE_TOAST', toastId });
    }, TOAST_REMOVE_DELAY),
  );
}

/** Applies an action to the queue; dismissing schedules removal after `TOAST_REMOVE_DELAY`. */
export function dispatchToast(action: ToastAction<ReactNode>): void {
  if (action.type === 'DISMISS_TOAST') {
    const ids =
      action.toastId === undefined ? $toasts.get().toasts.map((t) => t.id) : [action.toastId];
    ids.forEach(scheduleRemoval);
    writeFlash(null);
  }
  $toasts.set(toastReducer($toasts.get(), action));
}

function writeFlash(flash: FlashToast | null): void {
  if (typeof document !== 'undefined') document.cookie = flashCookieString(flash);
}

/** What a caller passes to `toast()`. */
export type ToastInput = Omit<ToastItem<ReactNode>, 'id' | 'open' | 'onOpenChange'>;

/**
 * Shows a toast. Text toasts are also kept for the next page for a few seconds, so a toast
 * raised right before a navigation is not lost (`persist: false` opts out).
 */
export function toast(input: ToastInput, options: { persist?: boolean } = {}) {
  assertToastType(input.type);
  const id = nextToastId();
  const dismiss = () => dispatchToast({ type: 'DISMISS_TOAST', toastId: id });
  const update = (patch: Partial<ToastInput>) =>
    dispatchToast({ type: 'UPDATE_TOAST', toast: { ...patch, id } });
  dispatchToast({
    type: 'ADD_TOAST',
    toast: { ...input, id, open: true, onOpenChange: (open) => (open ? undefined : dismiss()) },
  });
  const textOnly = typeof input.description !== 'object' || input.description === null;
  if (options.persist !== false && textOnly) {
    writeFlash({
      title: input.title,
      description: input.description as string | undefined,
      variant: input.variant,
      at: Date.now(),
    });
  }
  return { id, dismiss, update };
}

/** Shorthand for an error toast. */
export function toastError(description: string, title = 'Algo salió mal') {
  return toast({ title, description, variant: 'destructive' });
}
