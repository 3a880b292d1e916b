/** Company drafts (docs/spec.md §3) with exactly the spec's fields and defaults (docs/spec.md §9). */
import type { BusinessType } from '@/lib/formation/business-type';

export interface Address {
  calle: string;
  numero: string;
  comuna: string;
  region: string;
  detalle: string;
}

/**
 * The statutes name each partner's estado civil as a notary writes it («soltera», «casado»), so
 * each status comes in both genders. The masculine values are the ones stored before (issue 46).
 */
export const CIVIL_STATUSES = [
  'soltera',
  'soltero',
  'casada',
  'casado',
  'divorciada',
  'divorciado',
  'viuda',
  'viudo',
  'separada-judicialmente',
  'separado-judicialmente',
  'conviviente-civil',
] as const;
export type CivilStatus = (typeof CIVIL_STATUSES)[number];

export const CIVIL_STATUS_LABELS: Record<CivilStatus, string> = {
  soltera: 'Soltera',
  soltero: 'Soltero',
  casada: 'Casada',
  casado: 'Casado',
  divorciada: 'Divorciada',
  divorciado: 'Divorciado',
  viuda: 'Viuda',
  viudo: 'Viudo',
  'separada-judicialmente': 'Separada judicialmente',
  'separado-judicialmente': 'Separado judicialmente',
  'conviviente-civil': 'Conviviente civil',
};

/** A partner (or the EIRL's owner). */
export interface Partner {
  runRut: string;
  nombre: string;
  primerApellido: string;
  segundoApellido: string;
  direccion: string;
  profesion: string;
  email: string;
  estadoCivil: CivilStatus | '';
  participacion: number;
  nacionalidad: string;
  telefono: string;
  /** Ltda and SpA: this partner administers the company (or sits on the SpA's board). */
  administra: boolean;
}

/** A virtual-office plan as the API serves it. */
export interface VoPlan {
  id: number;
  name: string;
  price_clp: number;
  features: string[];
}

interface CommonDraft {
  useSameAddress: boolean;
  companyName: string;
  tradeName: string;
  tributaryAddress: Address;
  societyAddress: Address;
  selectedVOPlan: VoPlan | null;
  businessDescription: string;
  /** The SII's activity codes (CIIU4.CL), six digits each, chosen from the official list. */
  activityCodes: string[];
  capital: string;
  duration: string;
}

export const ADMINISTRATIONS = ['administrador', 'socios', 'directorio'] as const;
export type Administration = (typeof ADMINISTRATIONS)[number];
export const SOCIAL_MANAGEMENT_TYPES = ['indistinta', 'conjunta'] as const;
export type SocialManagementType = (typeof SOCIAL_MANAGEMENT_TYPES)[number];

export interface EirlDraft extends CommonDraft {
  personalInfo: Partner;
}
export interface LtdaDraft extends CommonDraft {
  administration: Administration;
  specialAgreements: string;
  canExpandActivity: '' | 'si' | 'no';
  partnersPersonalInfo: Partner[];
}
export interface SpaDraft extends CommonDraft {
  administration: Administration;
  specialAgreements: string;
  canExpandActivity: '' | 'si' | 'no';
  partnersPersonalInfo: Partner[];
  socialManagementType: SocialManagementType;
  /** How many shares the capital is divided into; each shareholder's follow from their %. */
  totalShares: number;
}

export interface DraftByType {
  spa: SpaDraft;
  eirl: EirlDraft;
  ltda: LtdaDraft;
}
export type AnyDraft = SpaDraft | EirlDraft | LtdaDraft;

/** Spec §9 constants. */
export const DEFAULT_CAPITAL = '$1.000.000';
export const DEFAULT_DURATION = 'indefinida';
export const DEFAULT_ADMINISTRATION: Administration = 'administrador';
export const DEFAULT_SOCIAL_MANAGEMENT: SocialManagementType = 'indistinta';
export const DEFAULT_PARTNERS: Record<BusinessType, number> = { ltda: 2, eirl: 1, spa: 1 };
export const DEFAULT_TOTAL_SHARES = 1000;
export const MAX_ACTIVITY_CODES = 20;
export const MAX_TOTAL_SHARES = 1_000_000_000;
/** A board (directorio) of an SpA has at least this many members. */
export const MIN_DIRECTORS = 3;

export function blankAddress(): Address {
  return { calle: '', numero: '', comuna: '', region: '', detalle: '' };
}

export function blankPartner(): Partner {
  return {
    runRut: '',
    nombre: '',
    primerApellido: '',
    segundoApellido: '',
    direccion: '',
    profesion: '',
    email: '',
    estadoCivil: '',
    participacion: 0,
    nacionalidad: 'Chile',
    telefono: '',
    administra: false,
  };
}

function commonDefaults(): CommonDraft {
  return {
    useSameAddress: true,
    companyName: '',
    tradeName: '',
    tributaryAddress: blankAddress(),
    societyAddress: blankAddress(),
    selectedVOPlan: null,
    businessDescription: '',
    activityCodes: [],
    capital: DEFAULT_CAPITAL,
    duration: DEFAULT_DURATION,
  };
}

/** A new draft for `type`, with the spec's defaults. */
export function defaultDraft<T extends BusinessType>(type: T): DraftByType[T] {
  const partners = (n: number) => Array.from({ length: n }, blankPartner);
  const drafts: DraftByType = {
    eirl: { ...commonDefaults(), personalInfo: blankPartner() },
    ltda: {
      ...commonDefaults(),
      administration: DEFAULT_ADMINISTRATION,
      specialAgreements: '',
      canExpandActivity: '',
      partnersPersonalInfo: partners(DEFAULT_PARTNERS.ltda),
    },
    spa: {
      ...commonDefaults(),
      administration: DEFAULT_ADMINISTRATION,
      specialAgreements: '',
      canExpandActivity: 'no',
      partnersPersonalInfo: partners(DEFAULT_PARTNERS.spa),
      socialManagementType: DEFAULT_SOCIAL_MANAGEMENT,
      totalShares: DEFAULT_TOTAL_SHARES,
    },
  };
  return drafts[type];
}

/** A stored draft (local or the server's) over the defaults: fields added later keep theirs. */
export function draftWithDefaults<T extends BusinessType>(
  type: T,
  stored: unknown,
): DraftByType[T] {
  const fields =
    stored !== null && typeof stored === 'object' && !Array.isArray(stored) ? stored : {};
  return { ...defaultDraft(type), ...fields };
}

/** Whether each partner administers: all of them when the partners administer together. */
export function administers(draft: AnyDraft, partner: Partner): boolean {
  if (!('administration' in draft)) return true; // the EIRL's owner
  return draft.administration === 'socios' || partner.administra;
}

/** An SpA shareholder's shares: their percentage of the total (not always a whole number). */
export function sharesOf(totalShares: number, participacion: number): number {
  return Math.round(totalShares * participacion) / 100;
}

/** The draft's partners: the EIRL's single owner, or the partners list. */
export function partnersOf(type: BusinessType, draft: AnyDraft): Partner[] {
  return type === 'eirl'
    ? [(draft as EirlDraft).personalInfo]
    : (draft as SpaDraft | LtdaDraft).partnersPersonalInfo;
}

/** Partner limits per type: ltda 2 to 50, spa at least 1, eirl exactly 1. */
export const PARTNER_LIMITS: Record<BusinessType, { min: number; max: number }> = {
  ltda: { min: 2, max: 50 },
  spa: { min: 1, max: 100 },
  eirl: { min: 1, max: 1 },
};

/** Full name of a partner: "María José Soto Pérez". */
export function partnerName(
  p: Pick<Partner, 'nombre' | 'primerApellido' | 'segundoApellido'>,
): string {
  return [p.nombre, p.primerApellido, p.segundoApellido]
    .map((s) => s.trim())
    .filter(Boolean)
    .join(' ');
}
