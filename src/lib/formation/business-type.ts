/** The three company types (docs/spec.md §1, §5) and the accessor that validates one. */

export const BUSINESS_TYPES = ['spa', 'eirl', 'ltda'] as const;
export type BusinessType = (typeof BUSINESS_TYPES)[number];

/** How each type is named and explained to a first-time founder. */
export const BUSINESS_TYPE_INFO: Record<
  BusinessType,
  { label: string; name: string; summary: string }
> = {
  spa: {
    label: 'SpA',
    name: 'Sociedad por Acciones',
    summary: 'La más flexible: uno o más accionistas, fácil de abrir a socios o inversionistas.',
  },
  eirl: {
    label: 'EIRL',
    name: 'Empresa Individual de Responsabilidad Limitada',
    summary: 'Para emprender en solitario separando tu patrimonio personal del de la empresa.',
  },
  ltda: {
    label: 'Ltda.',
    name: 'Sociedad de Responsabilidad Limitada',
    summary: 'Para 2 a 50 socios que administran juntos y responden hasta su aporte.',
  },
};

/** True when `value` is one of `spa`, `eirl`, `ltda` (lower case). */
export function isBusinessType(value: unknown): value is BusinessType {
  return typeof value === 'string' && (BUSINESS_TYPES as readonly string[]).includes(value);
}

/**
 * Returns `type` as a BusinessType, or throws the spec's errors:
 * `Business model type is required` / `Invalid business model type: {type}`.
 */
export function requireBusinessType(type: unknown): BusinessType {
  if (type === undefined || type === null || type === '')
    throw new Error('Business model type is required');
  // The spec's message prints whatever value came, as String() does.
  // eslint-disable-next-line @typescript-eslint/no-base-to-string -- the spec's message, above
  if (!isBusinessType(type)) throw new Error(`Invalid business model type: ${String(type)}`);
  return type;
}
