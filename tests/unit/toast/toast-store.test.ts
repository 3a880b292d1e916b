import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { $toasts, dispatchToast, toast } from '@/lib/toast/store.client';
import { FLASH_COOKIE, parseFlash, readFlashCookie } from '@/lib/toast/flash';

describe('toast store', () => {
  let cookie = '';
  beforeEach(() => {
    vi.useFakeTimers();
    cookie = '';
    vi.stubGlobal('document', {
      get cookie() {
        return cookie;
      },
      set cookie(value: string) {
        cookie = value.split(';')[0]!;
      },
    });
    dispatchToast({ type: 'REMOVE_TOAST' });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
  });

  it('shows one toast at a time, newest first', () => {
    toast({ title: 'Uno' });
    toast({ title: 'Dos' });
    expect($toasts.get().toasts.map((t) => t.title)).toEqual(['Dos']);
  });

  it('closing through onOpenChange dismisses, and removal waits 1,000,000 ms', () => {
    const { id } = toast({ title: 'Hola' });
    $toasts.get().toasts[0]!.onOpenChange!(false);
    expect($toasts.get().toasts[0]).toMatchObject({ id, open: false });
    vi.advanceTimersByTime(999_999);
    expect($toasts.get().toasts).toHaveLength(1);
    vi.advanceTimersByTime(1);
    expect($toasts.get().toasts).toHaveLength(0);
  });

  it('update merges fields into the same toast', () => {
    const t = toast({ title: 'Guardando…' });
    t.update({ title: 'Guardado' });
    expect($toasts.get().toasts[0]).toMatchObject({ id: t.id, title: 'Guardado', open: true });
  });

  it('keeps a text toast in the flash cookie for the next page, and forgets it on dismiss', () => {
    const t = toast({ title: 'Listo', description: 'Cuenta creada', variant: 'default' });
    const flash = parseFlash(readFlashCookie(cookie));
    expect(cookie.startsWith(`${FLASH_COOKIE}=`)).toBe(true);
    expect(flash).toMatchObject({ title: 'Listo', description: 'Cuenta creada' });
    t.dismiss();
    expect(readFlashCookie(cookie)).toBe('');
  });

  it('rejects an invalid toast type', () => {
    expect(() => toast({ title: 'x', type: 'loud' as never })).toThrow();
  });
});
