/**
 * The full-state payload of a draft (docs/spec.md §3) — exactly these field names — sent with
 * `POST /api/companies/`, and the way back to a draft so the server validates with the
 * same rules as the form.
 */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';
import { formatClp, parseClp } from '@/lib/money';
import { normalizePhone } from '@/lib/phone';
import { formatRut } from '@/lib/rut';
import { BUSINESS_TYPES, type BusinessType } from '@/lib/formation/business-type';
import {
  DEFAULT_TOTAL_SHARES,
  MAX_ACTIVITY_CODES,
  blankPartner,
  defaultDraft,
  partnersOf,
  type Address,
  type AnyDraft,
  type EirlDraft,
  type LtdaDraft,
  type Partner,
  type SpaDraft,
} from '@/lib/formation/draft';

export interface PartnerPayload extends Omit<Partner, 'estadoCivil'> {
  estadoCivil: string;
}

export interface CommonPayload {
  companyName: string;
  tradeName: string;
  tributaryAddress: Address;
  societyAddress: Address;
  businessDescription: string;
  activityCodes: string[];
  capital: string;
  duration: string;
  partnersInfo: PartnerPayload[];
  voplan: number | null;
}
export interface LtdaPayload extends CommonPayload {
  canExpandActivity: string;
  administration: string;
  specialAgreements: string;
}
export interface SpaPayload extends LtdaPayload {
  socialManagementType: string;
  totalShares: number;
}
export type FullStatePayload = CommonPayload | LtdaPayload | SpaPayload;

const trimAddress = (a: Address): Address => ({
  calle: a.calle.trim(),
  numero: a.numero.trim(),
  comuna: a.comuna,
  region: a.region,
  detalle: a.detalle.trim(),
});

function partnerPayload(p: Partner, participacion: number, administra: boolean): PartnerPayload {
  return {
    runRut: formatRut(p.runRut),
    nombre: p.nombre.trim(),
    primerApellido: p.primerApellido.trim(),
    segundoApellido: p.segundoApellido.trim(),
    direccion: p.direccion.trim(),
    profesion: p.profesion.trim(),
    email: p.email.trim().toLowerCase(),
    estadoCivil: p.estadoCivil,
    participacion,
    nacionalidad: p.nacionalidad.trim(),
    telefono: normalizePhone(p.telefono) ?? p.telefono.trim(),
    administra,
  };
}

/** Builds the payload of `type`'s draft, with the spec's field names and nothing else. */
export function toFullStatePayload(type: BusinessType, draft: AnyDraft): FullStatePayload {
  const capital = parseClp(draft.capital);
  const common: CommonPayload = {
    companyName: draft.companyName.trim().replace(/\s+/g, ' '),
    tradeName: draft.tradeName.trim(),
    tributaryAddress: trimAddress(draft.tributaryAddress),
    societyAddress: trimAddress(
      draft.useSameAddress ? draft.tributaryAddress : draft.societyAddress,
    ),
    businessDescription: draft.businessDescription.trim(),
    activityCodes: [...new Set(draft.activityCodes)],
    capital: capital === null ? draft.capital : formatClp(capital),
    duration: draft.duration,
    // The single owner of an EIRL holds all of it and administers it.
    partnersInfo: partnersOf(type, draft).map((p) =>
      type === 'eirl'
        ? partnerPayload(p, 100, true)
        : partnerPayload(p, p.participacion, !!p.administra),
    ),
    voplan: draft.selectedVOPlan?.id ?? null,
  };
  if (type === 'eirl') return common;
  const d = draft as LtdaDraft;
  const withSociety: LtdaPayload = {
    ...common,
    canExpandActivity: d.canExpandActivity,
    administration: d.administration,
    specialAgreements: d.specialAgreements.trim(),
  };
  if (type === 'ltda') return withSociety;
  const spa = draft as SpaDraft;
  return {
    ...withSociety,
    socialManagementType: spa.socialManagementType,
    totalShares: spa.totalShares,
  };
}

const str = (max: number) =>
  z.string({ error: 'Debe ser texto.' }).max(max, `Máximo ${max} caracteres.`);
const addressShape = z.object({
  calle: str(120),
  numero: str(20),
  comuna: str(80),
  region: str(80),
  detalle: str(120).default(''),
});
const partnerShape = z.object({
  runRut: str(20),
  nombre: str(80),
  primerApellido: str(80),
  segundoApellido: str(80).default(''),
  direccion: str(200),
  profesion: str(80),
  email: str(254),
  estadoCivil: str(40),
  participacion: z.number({ error: 'La participación debe ser un número.' }).min(0).max(100),
  nacionalidad: str(60).default('Chile'),
  telefono: str(30),
  administra: z.boolean({ error: 'Indica si administra: sí o no.' }).default(false),
});
const commonShape = {
  companyName: str(150),
  tradeName: str(100).default(''),
  tributaryAddress: addressShape,
  societyAddress: addressShape,
  businessDescription: str(1000),
  activityCodes: z
    .array(str(6), { error: 'Las actividades deben ser una lista de códigos.' })
    .max(MAX_ACTIVITY_CODES, `Como máximo ${MAX_ACTIVITY_CODES} actividades.`)
    .default([]),
  capital: str(30),
  duration: str(20),
  partnersInfo: z.array(partnerShape).max(100, 'Como máximo 100 socios.'),
  voplan: z
    .number()
    .int()
    .positive()
    .max(MAX_ID, 'El plan de oficina virtual elegido no existe.')
    .nullable()
    .default(null),
};
const societyShape = {
  ...commonShape,
  canExpandActivity: str(20),
  administration: str(30),
  specialAgreements: str(2000).default(''),
};

/** The shape of `POST /api/companies/`: `{type, …payload}`. */
export const companyRequestSchema = z.discriminatedUnion(
  'type',
  [
    z.object({ type: z.literal('eirl'), ...commonShape }),
    z.object({ type: z.literal('ltda'), ...societyShape }),
    z.object({
      type: z.literal('spa'),
      ...societyShape,
      socialManagementType: str(20),
      totalShares: z
        .number({ error: 'El número de acciones debe ser un número.' })
        .default(DEFAULT_TOTAL_SHARES),
    }),
  ],
  { error: `El tipo de empresa debe ser uno de: ${BUSINESS_TYPES.join(', ')}.` },
);
export type CompanyRequest = z.infer<typeof companyRequestSchema>;

const sameAddress = (a: Address, b: Address) =>
  (Object.keys(a) as (keyof Address)[]).every((k) => a[k] === b[k]);

/** The draft a payload describes, so it can be validated with the form's rules. */
export function draftFromPayload(request: CompanyRequest): AnyDraft {
  const { type } = request;
  const partners = request.partnersInfo.map((p) => ({ ...blankPartner(), ...p }) as Partner);
  const common = {
    useSameAddress: sameAddress(request.tributaryAddress, request.societyAddress),
    companyName: request.companyName,
    tradeName: request.tradeName,
    tributaryAddress: request.tributaryAddress,
    societyAddress: request.societyAddress,
    selectedVOPlan:
      request.voplan === null ? null : { id: request.voplan, name: '', price_clp: 0, features: [] },
    businessDescription: request.businessDescription,
    activityCodes: request.activityCodes,
    capital: request.capital,
    duration: request.duration,
  };
  if (type === 'eirl') {
    return {
      ...defaultDraft('eirl'),
      ...common,
      personalInfo: partners[0] ?? blankPartner(),
    } satisfies EirlDraft;
  }
  const society = {
    ...common,
    canExpandActivity: request.canExpandActivity as LtdaDraft['canExpandActivity'],
    administration: request.administration as LtdaDraft['administration'],
    specialAgreements: request.specialAgreements,
    partnersPersonalInfo: partners,
  };
  if (type === 'ltda') return { ...defaultDraft('ltda'), ...society };
  return {
    ...defaultDraft('spa'),
    ...society,
    socialManagementType: request.socialManagementType as SpaDraft['socialManagementType'],
    totalShares: request.totalShares,
  };
}

/** The draft a stored company was sent as (its payload, read with today's defaults). */
export function draftOfCompany(type: BusinessType, payload: unknown): AnyDraft {
  return draftFromPayload(companyRequestSchema.parse({ ...(payload as object), type }));
}
