import * as ToastPrimitive from '@radix-ui/react-toast';
import type { ReactNode } from 'react';
import { classes } from '@/lib/class-names';
import {
  TOAST_DURATION,
  TOAST_PROVIDER_LABEL,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD,
  TOAST_VIEWPORT_HOTKEY,
  TOAST_VIEWPORT_LABEL,
} from '@/lib/toast/constants';
import type { ToastState } from '@/lib/toast/reducer';

/** The toast area itself (docs/spec.md §2): Radix's provider, the queued toasts and the F8 viewport. */
export default function ToastArea({ toasts }: ToastState<ReactNode>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD}
      label={TOAST_PROVIDER_LABEL}
    >
      {toasts.map(
        ({ id, title, description, action, variant, type, duration, open, onOpenChange }) => (
          <ToastPrimitive.Root
            key={id}
            open={open}
            onOpenChange={onOpenChange}
            type={type}
            duration={duration}
            data-variant={variant ?? 'default'}
            className={classes(
              'toast group pointer-events-auto relative flex w-full items-start justify-between',
              'gap-3 overflow-hidden rounded-xl border p-4 pr-10 shadow-lg',
              variant === 'destructive'
                ? 'border-danger-600 bg-danger-700 text-white'
                : 'border-ink-100 bg-white text-ink-900',
            )}
          >
            <div className="grid gap-1">
              {title && (
                <ToastPrimitive.Title className="text-sm font-semibold">
                  {title}
                </ToastPrimitive.Title>
              )}
              {description && (
                <ToastPrimitive.Description className="text-sm opacity-90">
                  {description}
                </ToastPrimitive.Description>
              )}
            </div>
            {action}
            <ToastPrimitive.Close
              aria-label="Cerrar notificación"
              className="absolute top-2 right-2 inline-flex size-8 items-center justify-center
                rounded-md opacity-70 hover:opacity-100 focus:opacity-100"
            >
              <svg
                viewBox="0 0 24 24"
                className="size-4"
                aria-hidden="true"
                fill="none"
                stroke="currentColor"
                strokeWidth="2"
              >
                <path d="M18 6 6 18M6 6l12 12" />
              </svg>
            </ToastPrimitive.Close>
          </ToastPrimitive.Root>
        ),
      )}
      <ToastPrimitive.Viewport
        hotkey={TOAST_VIEWPORT_HOTKEY}
        label={TOAST_VIEWPORT_LABEL}
        className="toast-viewport fixed top-0 z-[100] flex max-h-screen w-full flex-col-reverse p-4 outline-none
          sm:top-auto sm:right-0 sm:bottom-0 sm:flex-col md:max-w-[420px]"
      />
    </ToastPrimitive.Provider>
  );
}
