/**
 * Per-step validation of a draft (the form, the chat, the revision and the API all use
 * it). Errors are keyed by field path (`partnersPersonalInfo.0.runRut`), in Spanish.
 */
import { z } from '@/lib/zod';
import { isComunaInRegion, regionByName } from '@/lib/chile/regions';
import { parseClp } from '@/lib/money';
import { normalizePhone } from '@/lib/phone';
import { cleanRut, isValidRut } from '@/lib/rut';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  CIVIL_STATUSES,
  MAX_ACTIVITY_CODES,
  MAX_TOTAL_SHARES,
  MIN_DIRECTORS,
  PARTNER_LIMITS,
  SOCIAL_MANAGEMENT_TYPES,
  type Address,
  type AnyDraft,
  type EirlDraft,
  type Partner,
  type SpaDraft,
  sharesOf,
} from '@/lib/formation/draft';
import { checkCompanyName } from '@/lib/formation/names';
import { stepsOf, type StepId } from '@/lib/formation/steps';

export type Errors = Record<string, string>;

const text = (message: string, max: number) =>
  z.string().trim().min(1, message).max(max, `Máximo ${max} caracteres.`);

const partnerFields = z.object({
  runRut: z
    .string()
    .refine(isValidRut, 'El RUT no es válido: revisa los números y el dígito verificador.'),
  nombre: text('Escribe el nombre.', 80),
  primerApellido: text('Escribe el primer apellido.', 80),
  segundoApellido: z.string().trim().max(80, 'Máximo 80 caracteres.'),
  direccion: text('Escribe la dirección particular.', 200),
  profesion: text('Escribe la profesión u oficio.', 80),
  email: z.string().trim().pipe(z.email('Escribe un correo válido, por ejemplo nombre@correo.cl.')),
  estadoCivil: z.enum(CIVIL_STATUSES, { error: 'Elige el estado civil.' }),
  nacionalidad: text('Escribe la nacionalidad.', 60),
  telefono: z
    .string()
    .refine(
      (v) => normalizePhone(v) !== null,
      'Escribe un teléfono chileno, por ejemplo +56 9 1234 5678.',
    ),
});

function collect(result: z.ZodSafeParseResult<unknown>, prefix: string, into: Errors): void {
  if (result.success) return;
  for (const issue of result.error.issues) {
    const key = [prefix, ...issue.path.map(String)].filter(Boolean).join('.');
    into[key] ??= issue.message;
  }
}

function validateAddress(address: Address, prefix: string, into: Errors): void {
  collect(
    z
      .object({
        calle: text('Escribe la calle.', 120),
        numero: text('Escribe el número.', 20),
        region: z.string().min(1, 'Elige la región.'),
        comuna: z.string().min(1, 'Elige la comuna.'),
        detalle: z.string().trim().max(120, 'Máximo 120 caracteres.'),
      })
      .safeParse(address),
    prefix,
    into,
  );
  if (address.region && !regionByName(address.region))
    into[`${prefix}.region`] ??= 'Elige una región de la lista.';
  else if (address.region && address.comuna && !isComunaInRegion(address.comuna, address.region)) {
    into[`${prefix}.comuna`] ??= 'La comuna no pertenece a la región elegida.';
  }
}

function validatePartner(partner: Partner, prefix: string, into: Errors): void {
  collect(partnerFields.safeParse(partner), prefix, into);
}

/** What a company's legal or trade name may hold: letters, digits and the signs names use. */
const NAME_TEXT = /^[\p{L}\p{M}\d\s.,&'’"«»\-–()/:;!?°+@#]*$/u;
const isNameText = (name: string) => NAME_TEXT.test(name);
const NAME_CHARACTERS =
  'Usa letras, números y los signos de un nombre (punto, coma, &, guion, paréntesis); sin emojis ni símbolos.';

/** An EIRL's owner, once named: their name and surname must be in the company's name. */
export function companyNameOwner(type: BusinessType, draft: AnyDraft) {
  const owner = type === 'eirl' ? (draft as EirlDraft).personalInfo : undefined;
  return owner && owner.nombre.trim() && owner.primerApellido.trim() ? owner : undefined;
}

/** Validates one step of a draft. */
export function validateStep(type: BusinessType, step: StepId, draft: AnyDraft): Errors {
  const errors: Errors = {};
  switch (step) {
    case '01-nombra-tu-empresa': {
      const check = checkCompanyName(type, draft.companyName, companyNameOwner(type, draft));
      if (!check.ok) errors.companyName = check.message!;
      if (draft.companyName.length > 150) errors.companyName = 'Máximo 150 caracteres.';
      else if (!isNameText(draft.companyName)) errors.companyName = NAME_CHARACTERS;
      if (draft.tradeName.trim().length > 100) errors.tradeName = 'Máximo 100 caracteres.';
      else if (!isNameText(draft.tradeName)) errors.tradeName = NAME_CHARACTERS;
      break;
    }
    case '02-domicilios':
      validateAddress(draft.tributaryAddress, 'tributaryAddress', errors);
      if (!draft.useSameAddress) validateAddress(draft.societyAddress, 'societyAddress', errors);
      break;
    case '03-giro': {
      const length = draft.businessDescription.trim().length;
      if (length < 10) errors.businessDescription = 'Describe el giro con al menos 10 caracteres.';
      else if (length > 1000) errors.businessDescription = 'Máximo 1000 caracteres.';
      const codes = draft.activityCodes ?? [];
      if (codes.length === 0)
        errors.activityCodes =
          'Agrega al menos una actividad del SII: búscala por palabra o código.';
      else if (codes.length > MAX_ACTIVITY_CODES)
        errors.activityCodes = `Como máximo ${MAX_ACTIVITY_CODES} actividades.`;
      else if (codes.some((c) => !/^\d{6}$/.test(c)))
        errors.activityCodes =
          'Cada actividad del SII es un código de 6 dígitos, por ejemplo 107100.';
      break;
    }
    case '04-capital': {
      const capital = parseClp(draft.capital);
      if (capital === null || capital < 1)
        errors.capital = 'Escribe el capital en pesos, por ejemplo $1.000.000.';
      else if (capital > 1_000_000_000_000)
        errors.capital = 'El capital parece demasiado alto. Revísalo.';
      if (
        draft.duration !== 'indefinida' &&
        !(/^\d{1,2}$/.test(draft.duration) && Number(draft.duration) >= 1)
      ) {
        errors.duration = 'Elige duración indefinida o escribe un número de años entre 1 y 99.';
      }
      break;
    }
    case '05-administracion-y-acuerdos': {
      const d = draft as SpaDraft;
      const allowed =
        type === 'spa' ? ['administrador', 'directorio', 'socios'] : ['administrador', 'socios'];
      if (!allowed.includes(d.administration))
        errors.administration = 'Elige quién administrará la empresa.';
      if (
        type === 'spa' &&
        !(SOCIAL_MANAGEMENT_TYPES as readonly string[]).includes(d.socialManagementType)
      ) {
        errors.socialManagementType = 'Elige cómo actuarán los administradores.';
      }
      if (d.specialAgreements.length > 2000) errors.specialAgreements = 'Máximo 2000 caracteres.';
      break;
    }
    case '06-explotar-giro':
      if (!['si', 'no'].includes((draft as SpaDraft).canExpandActivity))
        errors.canExpandActivity = 'Elige si la empresa podrá explotar otros giros.';
      break;
    case '07-individualizar': {
      const partners = (draft as SpaDraft).partnersPersonalInfo;
      const { min, max } = PARTNER_LIMITS[type];
      if (partners.length < min)
        errors.partnersPersonalInfo =
          type === 'ltda'
            ? 'Una Ltda. necesita al menos 2 socios.'
            : 'Agrega al menos un accionista.';
      if (partners.length > max) errors.partnersPersonalInfo = `Como máximo ${max} socios.`;
      partners.forEach((p, i) => validatePartner(p, `partnersPersonalInfo.${i}`, errors));
      const seen = new Map<string, number>();
      partners.forEach((p, i) => {
        const rut = cleanRut(p.runRut);
        if (!rut) return;
        if (seen.has(rut))
          errors[`partnersPersonalInfo.${i}.runRut`] ??=
            `Este RUT ya está en el socio ${seen.get(rut)! + 1}.`;
        else seen.set(rut, i);
      });
      validateAdministrators(draft as SpaDraft, errors);
      break;
    }
    case '05-individualizar':
      validatePartner((draft as EirlDraft).personalInfo, 'personalInfo', errors);
      break;
    case '08-participacion': {
      const partners = (draft as SpaDraft).partnersPersonalInfo;
      partners.forEach((p, i) => {
        if (!(Number.isFinite(p.participacion) && p.participacion > 0))
          errors[`partnersPersonalInfo.${i}.participacion`] = 'Debe ser mayor a 0 %.';
        else if (Math.round(p.participacion * 100) !== p.participacion * 100)
          errors[`partnersPersonalInfo.${i}.participacion`] = 'Usa como máximo dos decimales.';
      });
      const total = participationTotal(partners);
      if (total !== 100)
        errors.participacion = `Las participaciones deben sumar exactamente 100 %. Hoy suman ${formatPercent(total)}.`;
      if (type === 'spa') validateShares(draft as SpaDraft, errors);
      break;
    }
  }
  return errors;
}

/** Who administers: one or more partners for an administrator, three or more for a board. */
function validateAdministrators(draft: SpaDraft, into: Errors): void {
  const chosen = draft.partnersPersonalInfo.filter((p) => p.administra).length;
  if (draft.administration === 'administrador' && chosen === 0)
    into.administra = 'Marca quién administrará la empresa: al menos una persona.';
  if (draft.administration === 'directorio' && chosen < MIN_DIRECTORS)
    into.administra =
      `Un directorio tiene al menos ${MIN_DIRECTORS} integrantes: márcalos, ` +
      'o elige un administrador en el paso Administración.';
}

/** An SpA's capital is divided into a whole number of shares, and so is each shareholder's part. */
function validateShares(draft: SpaDraft, into: Errors): void {
  const total = draft.totalShares;
  if (!(Number.isInteger(total) && total >= 1 && total <= MAX_TOTAL_SHARES)) {
    into.totalShares = `Escribe un número entero de acciones, entre 1 y ${MAX_TOTAL_SHARES.toLocaleString('es-CL')}.`;
    return;
  }
  draft.partnersPersonalInfo.forEach((p, i) => {
    const shares = sharesOf(total, p.participacion);
    if (p.participacion > 0 && !Number.isInteger(shares))
      into[`partnersPersonalInfo.${i}.participacion`] ??=
        `Con ${total.toLocaleString('es-CL')} acciones, el ${formatPercent(p.participacion)} ` +
        `serían ${shares.toLocaleString('es-CL')} acciones: ` +
        'ajusta el porcentaje o el total para que sea un número entero.';
  });
}

/** The sum of participations, rounded to hundredths. */
export function participationTotal(partners: Pick<Partner, 'participacion'>[]): number {
  return (
    Math.round(
      partners.reduce(
        (sum, p) => sum + (Number.isFinite(p.participacion) ? p.participacion : 0),
        0,
      ) * 100,
    ) / 100
  );
}

export function formatPercent(value: number): string {
  return `${value.toLocaleString('es-CL', { maximumFractionDigits: 2 })} %`;
}

/** Every step's errors; a step with none is complete. */
export function validateDraft(type: BusinessType, draft: AnyDraft): Record<StepId, Errors> {
  return Object.fromEntries(
    stepsOf(type).map((step) => [step, validateStep(type, step, draft)]),
  ) as Record<StepId, Errors>;
}

/** True when every step is valid. */
export function isDraftComplete(type: BusinessType, draft: AnyDraft): boolean {
  return Object.values(validateDraft(type, draft)).every((e) => Object.keys(e).length === 0);
}
