import { requireBusinessType, type BusinessType } from '@/lib/formation/business-type';
import { HttpError } from '@/lib/server/http/errors';

/** The spec's type accessor, answering its messages with 400 (docs/spec.md §5). */
export function businessTypeOr400(value: unknown): BusinessType {
  try {
    return requireBusinessType(value);
  } catch (error) {
    throw new HttpError(400, (error as Error).message, {
      errors: { type: [(error as Error).message] },
    });
  }
}
