import type { BusinessType } from '@/lib/formation/business-type';
import type { AnyDraft } from '@/lib/formation/draft';

/** What every step component receives. */
export interface StepProps {
  type: BusinessType;
  draft: AnyDraft;
  update: (patch: Partial<AnyDraft> & Record<string, unknown>) => void;
  /** The error to show for a field path, if errors are being shown. */
  err: (path: string) => string | undefined;
}
