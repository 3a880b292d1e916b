/**
 * The toast queue as a pure reducer (docs/spec.md §4, Toast): add (newest first, `TOAST_LIMIT`
 * kept), update (merge by id), dismiss (close one or all), remove (delete one or all).
 * Timers live in the store, not here.
 */
import { TOAST_LIMIT, TOAST_TYPES, type ToastType } from '@/lib/toast/constants';

/** One toast (docs/spec.md §3). `description` may be text or a custom element. */
export interface ToastItem<Node = unknown> {
  id: string;
  title?: string;
  description?: string | Node;
  action?: Node;
  variant?: 'default' | 'destructive';
  type?: ToastType;
  duration?: number;
  open: boolean;
  onOpenChange?: (open: boolean) => void;
}

export interface ToastState<Node = unknown> {
  toasts: ToastItem<Node>[];
}

export type ToastAction<Node = unknown> =
  | { type: 'ADD_TOAST'; toast: ToastItem<Node> }
  | { type: 'UPDATE_TOAST'; toast: Partial<ToastItem<Node>> & { id: string } }
  | { type: 'DISMISS_TOAST'; toastId?: string }
  | { type: 'REMOVE_TOAST'; toastId?: string };

/** Applies one action to the queue. */
export function toastReducer<Node>(
  state: ToastState<Node>,
  action: ToastAction<Node>,
): ToastState<Node> {
  switch (action.type) {
    case 'ADD_TOAST':
      return { toasts: [action.toast, ...state.toasts].slice(0, TOAST_LIMIT) };
    case 'UPDATE_TOAST':
      return {
        toasts: state.toasts.map((t) => (t.id === action.toast.id ? { ...t, ...action.toast } : t)),
      };
    case 'DISMISS_TOAST':
      return {
        toasts: state.toasts.map((t) =>
          action.toastId === undefined || t.id === action.toastId ? { ...t, open: false } : t,
        ),
      };
    case 'REMOVE_TOAST':
      return {
        toasts:
          action.toastId === undefined ? [] : state.toasts.filter((t) => t.id !== action.toastId),
      };
  }
}

/** Throws unless `type` is a valid toast type (docs/spec.md §5). */
export function assertToastType(type: unknown): asserts type is ToastType | undefined {
  if (type !== undefined && !TOAST_TYPES.includes(type as ToastType)) {
    // The spec's message prints whatever value came, as String() does.
    // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the spec's message, above
    const received = String(type);
    throw new Error(
      'Invalid prop `type` supplied to `Toast`. Expected `foreground | background`, ' +
        `received \`${received}\`.`,
    );
  }
}

let counter = 0;
/** Next toast id: a counter, as a string. */
export function nextToastId(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return counter.toString();
}
