/** The formation steps of each type (docs/spec.md §2) and what each one is called. */
import type { BusinessType } from '@/lib/formation/business-type';

/** Form steps of each company type (docs/spec.md §2). */
export const FORMATION_STEPS: Record<BusinessType, readonly StepId[]> = {
  spa: [
    '01-nombra-tu-empresa',
    '02-domicilios',
    '03-giro',
    '04-capital',
    '05-administracion-y-acuerdos',
    '06-explotar-giro',
    '07-individualizar',
    '08-participacion',
  ],
  ltda: [
    '01-nombra-tu-empresa',
    '02-domicilios',
    '03-giro',
    '04-capital',
    '05-administracion-y-acuerdos',
    '06-explotar-giro',
    '07-individualizar',
    '08-participacion',
  ],
  eirl: ['01-nombra-tu-empresa', '02-domicilios', '03-giro', '04-capital', '05-individualizar'],
};
export type StepId =
  | '01-nombra-tu-empresa'
  | '02-domicilios'
  | '03-giro'
  | '04-capital'
  | '05-administracion-y-acuerdos'
  | '06-explotar-giro'
  | '07-individualizar'
  | '08-participacion'
  | '05-individualizar';

export const STEP_INFO: Record<StepId, { title: string; short: string; intro: string }> = {
  '01-nombra-tu-empresa': {
    title: 'Nombra tu empresa',
    short: 'Nombre',
    intro:
      'La razón social es el nombre legal de tu empresa; el nombre de fantasía es el que verán tus clientes.',
  },
  '02-domicilios': {
    title: 'Domicilios',
    short: 'Domicilios',
    intro:
      'Dónde tendrá su domicilio tributario (ante el SII) y su domicilio social (en los estatutos).',
  },
  '03-giro': {
    title: 'Giro',
    short: 'Giro',
    intro: 'A qué se dedicará tu empresa. Busca las actividades del SII que calzan con tu negocio.',
  },
  '04-capital': {
    title: 'Capital y duración',
    short: 'Capital',
    intro: 'Cuánto aportan los socios para partir y por cuánto tiempo existirá la empresa.',
  },
  '05-administracion-y-acuerdos': {
    title: 'Administración y acuerdos',
    short: 'Administración',
    intro: 'Quién administra la empresa y cualquier acuerdo especial entre socios.',
  },
  '06-explotar-giro': {
    title: 'Explotar otros giros',
    short: 'Otros giros',
    intro: 'Si la empresa podrá dedicarse en el futuro a actividades distintas de su giro.',
  },
  '07-individualizar': {
    title: 'Individualiza a los socios',
    short: 'Socios',
    intro: 'Los datos personales de cada socio o accionista, tal como irán en la escritura.',
  },
  '08-participacion': {
    title: 'Participación',
    short: 'Participación',
    intro: 'Qué porcentaje de la empresa tendrá cada socio. Deben sumar exactamente 100 %.',
  },
  '05-individualizar': {
    title: 'Individualiza al titular',
    short: 'Titular',
    intro: 'Los datos personales de la persona natural dueña de la EIRL.',
  },
};

/** The steps of `type`, in order. */
export function stepsOf(type: BusinessType): StepId[] {
  return [...FORMATION_STEPS[type]];
}

export function isStepOf(type: BusinessType, step: string): step is StepId {
  return (FORMATION_STEPS[type] as readonly string[]).includes(step);
}

/** `/modelo-de-negocio/{type}/{step}`. */
export function stepPath(type: BusinessType, step: StepId | 'chat' | 'revision'): string {
  return `/modelo-de-negocio/${type}/${step}`;
}
