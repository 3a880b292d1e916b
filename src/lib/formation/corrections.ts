/**
 * What the back office may ask a person to correct, and how a correction is applied: only the
 * observed fields change; everything else stays as it was sent. Pure.
 */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import type { BusinessType } from '@/lib/formation/business-type';

/** Groups of the payload the staff can name, in the order of the form's steps. */
export const CORRECTABLE_FIELDS = [
  'companyName',
  'tradeName',
  'tributaryAddress',
  'societyAddress',
  'activityCodes',
  'businessDescription',
  'capital',
  'duration',
  'administration',
  'specialAgreements',
  'partnersInfo',
  'participacion',
] as const;
export type CorrectableField = (typeof CORRECTABLE_FIELDS)[number];

export const CORRECTABLE_LABELS: Record<CorrectableField, string> = {
  companyName: 'Razón social',
  tradeName: 'Nombre de fantasía',
  tributaryAddress: 'Domicilio tributario',
  societyAddress: 'Domicilio social',
  activityCodes: 'Actividades del SII',
  businessDescription: 'Giro (objeto)',
  capital: 'Capital',
  duration: 'Duración',
  administration: 'Administración',
  specialAgreements: 'Acuerdos especiales',
  partnersInfo: 'Datos de los socios',
  participacion: 'Participación',
};

const SOCIETY_ONLY: CorrectableField[] = ['administration', 'specialAgreements', 'participacion'];

/** The fields a company of `type` has. */
export function correctableFor(type: BusinessType): CorrectableField[] {
  return CORRECTABLE_FIELDS.filter((f) => type !== 'eirl' || !SOCIETY_ONLY.includes(f));
}

export const isCorrectableField = (value: string): value is CorrectableField =>
  (CORRECTABLE_FIELDS as readonly string[]).includes(value);

/** A field's label; an observation written before fields were a list shows as it was written. */
export function fieldLabel(field: string, type?: BusinessType): string {
  if (!isCorrectableField(field)) return field;
  if (field === 'partnersInfo' && type === 'eirl') return 'Datos del titular';
  if (field === 'participacion' && type === 'spa') return 'Participación y acciones';
  return CORRECTABLE_LABELS[field];
}

type Payload = Record<string, unknown>;
type PartnerPayload = Record<string, unknown>;

/** The payload keys each field rewrites (a partner's data and their share are apart). */
const KEYS: Partial<Record<CorrectableField, string[]>> = {
  administration: ['administration', 'socialManagementType'],
  participacion: ['totalShares'],
};
const SHARE_KEYS = ['participacion'];

/**
 * `stored` with the `fields` taken from `submitted`. Partners keep their number and order: their
 * data and their shares are corrected in place.
 */
export function applyCorrection(
  stored: Payload,
  fields: readonly CorrectableField[],
  submitted: Payload,
): Payload {
  const next: Payload = { ...stored };
  for (const field of fields) {
    if (field === 'partnersInfo') continue;
    // A key the type does not have (an Ltda's socialManagementType) is never added.
    for (const key of KEYS[field] ?? [field])
      if (key in submitted && (key in stored || key === field)) next[key] = submitted[key];
  }
  // «El mismo»: a social address that was the tax address follows it when the tax one is fixed, so
  // the data, the statutes and the data sheet never show two.
  if (
    fields.includes('tributaryAddress') &&
    !fields.includes('societyAddress') &&
    JSON.stringify(stored.societyAddress) === JSON.stringify(stored.tributaryAddress)
  )
    next.societyAddress = next.tributaryAddress;
  const storedPartners = (stored.partnersInfo as PartnerPayload[] | undefined) ?? [];
  const sent = Array.isArray(submitted.partnersInfo) ? (submitted.partnersInfo as unknown[]) : [];
  next.partnersInfo = storedPartners.map((partner, i) => {
    const from = sent[i] !== null && typeof sent[i] === 'object' ? (sent[i] as PartnerPayload) : {};
    const data = fields.includes('partnersInfo')
      ? Object.fromEntries(Object.entries(from).filter(([k]) => !SHARE_KEYS.includes(k)))
      : {};
    const share =
      fields.includes('participacion') && 'participacion' in from
        ? { participacion: from.participacion }
        : {};
    return { ...partner, ...data, ...share };
  });
  return next;
}

const NUMBERS = new Set(['participacion', 'totalShares']);
const BOOLEANS = new Set(['administra']);

/**
 * A posted form's flat fields (`tributaryAddress.calle`, `partnersInfo.0.nombre`) as a payload.
 * Numbers and check boxes are typed; a list of codes may be written with commas or spaces.
 */
export function formToPayload(form: Record<string, string>): Payload {
  const out: Payload = {};
  for (const [name, raw] of Object.entries(form)) {
    const path = name.split('.');
    // Only names this form has: words and partner indexes, never `__proto__` and the like.
    if (path.some((key) => !/^(?:[a-zA-Z]{1,40}|\d{1,3})$/.test(key) || key in Object.prototype))
      continue;
    const last = path.at(-1)!;
    let value: unknown = raw;
    if (NUMBERS.has(last)) value = raw.trim() === '' ? Number.NaN : Number(raw.replace(',', '.'));
    if (BOOLEANS.has(last)) value = raw === 'on' || raw === 'true';
    if (name === 'activityCodes') value = raw.match(/\d+/g) ?? [];
    let node: unknown = out;
    for (const [i, key] of path.slice(0, -1).entries()) {
      const parent = node as Record<string, unknown>;
      parent[key] ??= /^\d+$/.test(path[i + 1]!) ? [] : {};
      node = parent[key];
      // `a` and `a.b` in one form: the plain value stands, the nested one is dropped.
      if (node === null || typeof node !== 'object') break;
    }
    if (node !== null && typeof node === 'object') (node as Record<string, unknown>)[last] = value;
  }
  return out;
}

/** A correction as the API and the page's form send it: the version seen, and payload fields. */
export const correctionSchema = z
  .object({
    version: z.coerce
      .number({ error: 'Falta la versión de la solicitud.' })
      .int()
      .min(1)
      .max(MAX_ID),
  })
  .catchall(z.unknown());
