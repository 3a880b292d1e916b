import { useEffect, useRef, type RefObject } from 'react';
import { RESTORE_FIELD_EVENT, type RestoreFieldDetail } from '@/lib/shop/product-draft.client';

/**
 * For an island that owns field `name` of the server-rendered form `formName`: tells the form when
 * the field's value changes (an `input` event, as typing would), and takes values set from outside
 * (a recovered or merged draft) through RESTORE_FIELD_EVENT.
 */
export function useFormField(
  formName: string,
  name: string,
  value: string,
  field: RefObject<HTMLInputElement | null>,
  onRestore: (detail: RestoreFieldDetail) => void,
): void {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    field.current?.dispatchEvent(new Event('input', { bubbles: true }));
  }, [value, field]);
  const restore = useRef(onRestore);
  restore.current = onRestore;
  useEffect(() => {
    const form = document.forms.namedItem(formName);
    if (!form) return;
    const listener = (event: Event) => {
      const detail = (event as CustomEvent<RestoreFieldDetail>).detail;
      if (detail.name === name) restore.current(detail);
    };
    form.addEventListener(RESTORE_FIELD_EVENT, listener);
    return () => form.removeEventListener(RESTORE_FIELD_EVENT, listener);
  }, [formName, name]);
}
