/**
 * What a constituted company's file says about who sells (Ley 19.496): its address and its legal
 * representatives, so a shop that sells as the company fills them without retyping (pure).
 */
import type { BusinessType } from '@/lib/formation/business-type';
import { administers, partnerName, type AnyDraft } from '@/lib/formation/draft';
import { draftOfCompany } from '@/lib/formation/payload';
import { formatAddress } from '@/lib/formation/summary';

export interface CompanyIdentity {
  /** The tax address (where the SII and buyers write), else the statutes' one; null when blank. */
  address: string | null;
  /** Who administers and so represents it; null for a board, whose manager the file does not name. */
  representative: string | null;
}

export function companyIdentity(type: BusinessType, payload: unknown): CompanyIdentity {
  const draft: AnyDraft = draftOfCompany(type, payload);
  const address = [draft.tributaryAddress, draft.societyAddress]
    .filter((a) => a.calle.trim())
    .map(formatAddress)[0];
  const people = 'personalInfo' in draft ? [draft.personalInfo] : draft.partnersPersonalInfo;
  const names =
    'administration' in draft && draft.administration === 'directorio'
      ? []
      : people
          .filter((p) => administers(draft, p))
          .map(partnerName)
          .filter(Boolean);
  return { address: address ?? null, representative: names.length ? names.join(', ') : null };
}
