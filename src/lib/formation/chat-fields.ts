/**
 * The chat's questions about an address and about a partner: the same fields as the form's,
 * one question each.
 */
import { REGIONS, comunasOf, regionLabel } from '@/lib/chile/regions';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  CIVIL_STATUSES,
  CIVIL_STATUS_LABELS,
  blankPartner,
  partnersOf,
  type Address,
  type AnyDraft,
  type Partner,
} from '@/lib/formation/draft';
import type { StepId } from '@/lib/formation/steps';

export interface ChatOption {
  value: string;
  label: string;
}

export interface ChatQuestion {
  id: string;
  step: StepId;
  prompt: string;
  kind: 'text' | 'textarea' | 'choice' | 'select';
  options?: ChatOption[];
  /** Options that depend on earlier answers (the comunas of the chosen region). */
  optionsFor?(draft: AnyDraft): ChatOption[];
  placeholder?: string;
  optional?: boolean;
  inputMode?: 'text' | 'numeric' | 'email' | 'tel' | 'decimal';
  read(draft: AnyDraft): string;
  write(draft: AnyDraft, answer: string): Partial<AnyDraft>;
  /** How the answer is shown in the conversation. */
  show?(value: string): string;
  /** Validation paths whose errors belong to this question. */
  paths: string[];
}

export type Patch = Partial<AnyDraft> & Record<string, unknown>;

export function addressQuestions(
  step: StepId,
  key: 'tributaryAddress' | 'societyAddress',
  label: string,
): ChatQuestion[] {
  const field = (
    f: keyof Address,
    prompt: string,
    extra: Partial<ChatQuestion> = {},
  ): ChatQuestion => ({
    id: `${key}.${f}`,
    step,
    prompt,
    kind: 'text',
    read: (d) => d[key][f],
    write: (d, a) => ({ [key]: { ...d[key], [f]: a.trim() } }),
    paths: [`${key}.${f}`],
    ...extra,
  });
  return [
    field('calle', `¿En qué calle queda el ${label}?`, { placeholder: 'Ej.: Av. Providencia' }),
    field('numero', '¿Y el número?', { inputMode: 'numeric' }),
    field('region', '¿En qué región?', {
      kind: 'select',
      options: REGIONS.map((r) => ({ value: r.name, label: regionLabel(r) })),
      write: (d, a) => ({
        [key]: {
          ...d[key],
          region: a,
          comuna: comunasOf(a).includes(d[key].comuna) ? d[key].comuna : '',
        },
      }),
    }),
    field('comuna', '¿En qué comuna?', {
      kind: 'select',
      optionsFor: (d) => comunasOf(d[key].region).map((c) => ({ value: c, label: c })),
    }),
    field('detalle', '¿Algún detalle, como oficina o departamento?', {
      optional: true,
      placeholder: 'Oficina 501',
    }),
  ];
}

export function partnerQuestions(type: BusinessType, i: number, count: number): ChatQuestion[] {
  const eirl = type === 'eirl';
  const step: StepId = eirl ? '05-individualizar' : '07-individualizar';
  const prefix = eirl ? 'personalInfo' : `partnersPersonalInfo.${i}`;
  const who = eirl
    ? 'del titular'
    : count > 1
      ? `del ${type === 'spa' ? 'accionista' : 'socio'} ${i + 1}`
      : type === 'spa'
        ? 'del accionista'
        : 'del socio';
  const get = (d: AnyDraft): Partner => partnersOf(type, d)[i] ?? blankPartner();
  const put = (d: AnyDraft, patch: Partial<Partner>): Patch => {
    if (eirl) return { personalInfo: { ...get(d), ...patch } };
    const list = partnersOf(type, d).slice();
    list[i] = { ...get(d), ...patch };
    return { partnersPersonalInfo: list };
  };
  const field = (
    f: keyof Partner,
    prompt: string,
    extra: Partial<ChatQuestion> = {},
  ): ChatQuestion => ({
    id: `${prefix}.${f}`,
    step,
    prompt,
    kind: 'text',
    read: (d) => String(get(d)[f] ?? ''),
    write: (d, a) => put(d, { [f]: a.trim() }),
    paths: [`${prefix}.${f}`],
    ...extra,
  });
  return [
    field('runRut', `¿Cuál es el RUT ${who}?`, { placeholder: '12.345.678-5' }),
    field('nombre', '¿Sus nombres?'),
    field('primerApellido', '¿Su primer apellido?'),
    field('segundoApellido', '¿Su segundo apellido?', { optional: true }),
    field('email', '¿Su correo electrónico?', { inputMode: 'email' }),
    field('telefono', '¿Su teléfono?', { inputMode: 'tel', placeholder: '+56 9 1234 5678' }),
    field('estadoCivil', '¿Su estado civil?', {
      kind: 'choice',
      options: CIVIL_STATUSES.map((s) => ({ value: s, label: CIVIL_STATUS_LABELS[s] })),
      show: (v) => CIVIL_STATUS_LABELS[v as keyof typeof CIVIL_STATUS_LABELS] ?? v,
    }),
    field('profesion', '¿Su profesión u oficio?'),
    field('nacionalidad', '¿Su nacionalidad?', {
      kind: 'choice',
      options: [{ value: 'Chile', label: 'Chilena' }],
      placeholder: 'Otra nacionalidad',
    }),
    field('direccion', '¿Su dirección particular?', { placeholder: 'Calle, número, comuna' }),
  ];
}
