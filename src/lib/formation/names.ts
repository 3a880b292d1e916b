/**
 * Legal name rules of each company type, with a one-click fix suggestion:
 * SpA ends with "SpA"; EIRL holds the owner's name and ends with "E.I.R.L." or "Empresa
 * Individual de Responsabilidad Limitada"; Ltda ends with "Limitada" or "Ltda.".
 */
import { fold } from '@/lib/chile/activities';
import type { BusinessType } from '@/lib/formation/business-type';
import type { Partner } from '@/lib/formation/draft';

const SUFFIX_VARIANTS: Record<BusinessType, RegExp> = {
  spa: /\s*(,\s*)?(s\.?\s*p\.?\s*a\.?|sociedad por acciones)\s*$/i,
  eirl: /\s*(,\s*)?(e\.?\s*i\.?\s*r\.?\s*l\.?|empresa individual de responsabilidad limitada)\s*$/i,
  ltda: /\s*(,\s*)?(ltda\.?|limitada|sociedad de responsabilidad limitada)\s*$/i,
};

const VALID_SUFFIX: Record<BusinessType, RegExp> = {
  spa: /\sSpA$/,
  eirl: /\s(E\.I\.R\.L\.|Empresa Individual de Responsabilidad Limitada)$/,
  ltda: /\s(Limitada|Ltda\.)$/,
};

const CANONICAL_SUFFIX: Record<BusinessType, string> = {
  spa: 'SpA',
  eirl: 'E.I.R.L.',
  ltda: 'Limitada',
};

export interface NameCheck {
  ok: boolean;
  message?: string;
  /** A corrected name the person can accept with one click. */
  suggestion?: string;
}

/** The owner's first given name and first surname, which an EIRL's name must hold. */
function ownerWords(owner: Pick<Partner, 'nombre' | 'primerApellido'> | undefined): string[] {
  if (!owner) return [];
  return [owner.nombre.trim().split(/\s+/)[0] ?? '', owner.primerApellido.trim()].filter(Boolean);
}

/** Checks `name` for `type`. For an EIRL, pass the owner to check that their name is in it. */
export function checkCompanyName(
  type: BusinessType,
  name: string,
  owner?: Pick<Partner, 'nombre' | 'primerApellido'>,
): NameCheck {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  if (!trimmed) return { ok: false, message: 'Escribe la razón social de tu empresa.' };
  const base = trimmed.replace(SUFFIX_VARIANTS[type], '').trim();
  if (!base)
    return {
      ok: false,
      message: 'La razón social necesita un nombre además del tipo de sociedad.',
    };
  const words = type === 'eirl' ? ownerWords(owner) : [];
  const missingOwner = words.length === 2 && !words.every((w) => fold(base).includes(fold(w)));
  const suffixOk = VALID_SUFFIX[type].test(trimmed);
  if (suffixOk && !missingOwner) return { ok: true };
  const withOwner = missingOwner ? `${words.join(' ')} ${base}` : base;
  const suggestion = `${withOwner} ${CANONICAL_SUFFIX[type]}`;
  const messages: Record<BusinessType, string> = {
    spa: 'La razón social de una SpA debe terminar en "SpA".',
    eirl: 'La razón social de una EIRL debe terminar en "E.I.R.L." o "Empresa Individual de Responsabilidad Limitada".',
    ltda: 'La razón social de una Ltda. debe terminar en "Limitada" o "Ltda.".',
  };
  const message =
    missingOwner && suffixOk
      ? 'La razón social de una EIRL debe incluir el nombre y apellido de su titular.'
      : missingOwner
        ? `${messages.eirl} Además, debe incluir el nombre y apellido de su titular.`
        : messages[type];
  return { ok: false, message, suggestion };
}
