import { describe, expect, it } from 'vitest';
import { BUSINESS_TYPES, isBusinessType, requireBusinessType } from '@/lib/formation/business-type';
import { quickStartPath } from '@/lib/formation/quick-start';

describe('business type (docs/spec.md §5)', () => {
  it('is one of eirl, ltda, spa', () => {
    expect([...BUSINESS_TYPES].sort()).toEqual(['eirl', 'ltda', 'spa']);
    for (const t of BUSINESS_TYPES) expect(requireBusinessType(t)).toBe(t);
    expect(isBusinessType('SpA')).toBe(false);
  });

  it('raises the spec messages', () => {
    expect(() => requireBusinessType(undefined)).toThrow('Business model type is required');
    expect(() => requireBusinessType('')).toThrow('Business model type is required');
    expect(() => requireBusinessType('sa')).toThrow('Invalid business model type: sa');
  });

  it('quick start goes to the type in lower case', () => {
    expect(quickStartPath('spa')).toBe('/modelo-de-negocio/spa');
    expect(quickStartPath('ltda')).toBe('/modelo-de-negocio/ltda');
  });
});
