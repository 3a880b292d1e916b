import * as ToastPrimitive from '@radix-ui/react-toast';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import Toaster from '@/islands/ui/Toaster';

describe('toast provider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports an empty provider label with the spec message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderToString(<ToastPrimitive.Provider label=" ">{null}</ToastPrimitive.Provider>);
    expect(error).toHaveBeenCalledWith('Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.');
  });

  it('renders the Toaster with the default label and the F8 viewport', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(<Toaster />);
    expect(error).not.toHaveBeenCalled();
    expect(html).toContain('Notifications (F8)');
    expect(html).toContain('md:max-w-[420px]');
    expect(html).toContain('fixed');
  });
});
