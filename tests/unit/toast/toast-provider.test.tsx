import * as ToastPrimitive from '@radix-ui/react-toast';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import ToastArea from '@/islands/ui/ToastArea';
import Toaster from '@/islands/ui/Toaster';

describe('toast provider', () => {
  afterEach(() => vi.restoreAllMocks());

  it('reports an empty provider label with the spec message', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    renderToString(<ToastPrimitive.Provider label=" ">{null}</ToastPrimitive.Provider>);
    expect(error).toHaveBeenCalledWith(
      'Invalid prop `label` supplied to `ToastProvider`. Expected non-empty `string`.',
    );
  });

  it('renders the toast area with the default label and the F8 viewport', () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => {});
    const html = renderToString(<ToastArea toasts={[]} />);
    expect(error).not.toHaveBeenCalled();
    expect(html).toContain('Notifications (F8)');
    expect(html).toContain('md:max-w-[420px]');
    expect(html).toContain('fixed');
  });

  it('leaves Radix out of the first render: the area mounts once the browser is idle or a toast arrives', () => {
    expect(renderToString(<Toaster />)).toBe('');
  });
});
