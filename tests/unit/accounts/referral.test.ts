import { describe, expect, it } from 'vitest';
import { isReferralPartner, referralPartnerFor, REFERRAL_PARTNERS } from '@/lib/accounts/referral';

describe('referral partners (docs/spec.md §1, §9)', () => {
  it('maps contable.transbank to transbank', () => {
    expect(REFERRAL_PARTNERS).toEqual({ 'contable.transbank': 'transbank' });
    expect(referralPartnerFor('contable.transbank')).toBe('transbank');
  });
  it.each([
    'transbank',
    'contable',
    'CONTABLE.TRANSBANK',
    '',
    'toString',
    '__proto__',
    null,
    undefined,
  ])('ignores %s', (code) => {
    expect(referralPartnerFor(code as string)).toBeNull();
  });
  it('recognises stored values', () => {
    expect(isReferralPartner('transbank')).toBe(true);
    expect(isReferralPartner('contable.transbank')).toBe(false);
  });
});
