/** `prose`: long text wrapped in source, read back as it was written (`lib/prose.ts`). */
import { describe, expect, it } from 'vitest';
import { prose } from '@/lib/prose';

describe('prose', () => {
  it('joins an indented continuation to its line with one space', () => {
    expect(prose`Estos términos rigen
  las compras en la tienda.`).toBe('Estos términos rigen las compras en la tienda.');
  });

  it('keeps blank lines, headings and items as typed', () => {
    const text = prose`Primero.

## Título
- uno
- dos`;
    expect(text).toBe('Primero.\n\n## Título\n- uno\n- dos');
  });

  it('leaves what a value brings untouched', () => {
    const shop = 'Greda\n  del Sur';
    expect(prose`Vende ${shop}, en
  Ñuñoa.`).toBe('Vende Greda\n  del Sur, en Ñuñoa.');
  });
});
