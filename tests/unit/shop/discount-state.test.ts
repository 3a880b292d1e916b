import { describe, expect, it } from 'vitest';
import { discountCreateSchema, discountState } from '@/lib/shop/discounts';

const now = Date.parse('2026-11-26T12:00:00Z');
const code = { active: true, starts_at: null, ends_at: null, uses: 0, max_uses: null };

describe('where a discount code stands', () => {
  it.each([
    ['activo', code],
    ['pausado', { ...code, active: false, ends_at: '2020-01-01T00:00:00Z' }],
    ['vencido', { ...code, ends_at: '2026-11-26T11:59:59Z' }],
    ['agotado', { ...code, uses: 5, max_uses: 5 }],
    ['programado', { ...code, starts_at: '2026-12-01T03:00:00Z' }],
    ['activo', { ...code, starts_at: '2026-11-01T03:00:00Z', ends_at: '2026-12-01T03:00:00Z' }],
  ] as const)('%s', (state, d) => expect(discountState(d, now)).toBe(state));

  it('a code cannot be created already over', () => {
    const result = discountCreateSchema.safeParse({
      code: 'PASADO',
      kind: 'percent',
      value: 10,
      ends_at: '2020-01-31',
    });
    expect(result.success).toBe(false);
    expect(result.error!.issues.map((i) => i.message)).toContain(
      'Esa fecha de término ya pasó: elige hoy o una fecha futura.',
    );
  });
});
