/** Toast behaviour constants (docs/spec.md §9). */

/** How many toasts are kept (and visible) at once. */
export const TOAST_LIMIT = 1;
/** How long after dismissal a toast is removed from the queue, in ms. */
export const TOAST_REMOVE_DELAY = 1_000_000;
/** Auto-close after this many ms. */
export const TOAST_DURATION = 5000;
/** Swipe direction and distance (px) that close a toast. */
export const TOAST_SWIPE_DIRECTION = 'right' as const;
export const TOAST_SWIPE_THRESHOLD = 50;
/** Keyboard shortcut that focuses the toast area. */
export const TOAST_VIEWPORT_HOTKEY = ['F8'];
/** Accessible name of the toast area; `{hotkey}` is replaced by the shortcut. */
export const TOAST_VIEWPORT_LABEL = 'Notifications ({hotkey})';
/** Default accessible label of each toast announcement. */
export const TOAST_PROVIDER_LABEL = 'Notification';
/** A toast type: `foreground` interrupts screen readers, `background` waits. */
export const TOAST_TYPES = ['foreground', 'background'] as const;
export type ToastType = (typeof TOAST_TYPES)[number];
