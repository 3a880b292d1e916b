/**
 * The chat variant asks the form's questions one at a time and writes into the same draft.
 * Each answer is checked with the step's own validation. A question is done when its value
 * is valid and was either answered here or filled (changed from its default) elsewhere, so
 * the chat resumes where the person left off.
 */
import { prose } from '@/lib/prose';
import { formatClp, parseTypedClp } from '@/lib/money';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  addressQuestions,
  partnerQuestions,
  type ChatQuestion,
  type Patch,
} from '@/lib/formation/chat-fields';
import {
  PARTNER_LIMITS,
  blankPartner,
  defaultDraft,
  partnerName,
  partnersOf,
  type AnyDraft,
  type VoPlan,
} from '@/lib/formation/draft';
import { checkCompanyName } from '@/lib/formation/names';
import { companyNameOwner, validateStep } from '@/lib/formation/validation';

export type { ChatOption, ChatQuestion } from '@/lib/formation/chat-fields';

/** What the chat tells a founder about the legal name of each type. */
const NAME_RULE: Record<BusinessType, string> = {
  spa: 'Debe terminar en "SpA".',
  ltda: 'Debe terminar en "Limitada" o "Ltda.".',
  eirl: 'Debe incluir tu nombre y apellido y terminar en "E.I.R.L.".',
};

/** The questions for `type`, given the draft as it is now (partner count, same address…). */
export function chatQuestions(
  type: BusinessType,
  draft: AnyDraft,
  plans: VoPlan[],
): ChatQuestion[] {
  const q: ChatQuestion[] = [
    {
      id: 'companyName',
      step: '01-nombra-tu-empresa',
      prompt: prose`Partamos por el nombre. ¿Cuál será la razón social de tu empresa?
  ${NAME_RULE[type]}`,
      kind: 'text',
      read: (d) => d.companyName,
      write: (_d, a) => ({ companyName: a.trim() }),
      paths: ['companyName'],
    },
    {
      id: 'tradeName',
      step: '01-nombra-tu-empresa',
      prompt: '¿Tendrá un nombre de fantasía? Es el nombre corto que verán tus clientes.',
      kind: 'text',
      optional: true,
      read: (d) => d.tradeName,
      write: (_d, a) => ({ tradeName: a.trim() }),
      paths: ['tradeName'],
    },
    ...addressQuestions('02-domicilios', 'tributaryAddress', 'domicilio tributario'),
    {
      id: 'useSameAddress',
      step: '02-domicilios',
      prompt: '¿El domicilio social (el de los estatutos) es el mismo?',
      kind: 'choice',
      options: [
        { value: 'si', label: 'Sí, el mismo' },
        { value: 'no', label: 'No, es otro' },
      ],
      read: (d) => (d.useSameAddress ? 'si' : 'no'),
      write: (_d, a) => ({ useSameAddress: a === 'si' }),
      show: (v) => (v === 'si' ? 'Sí, el mismo' : 'No, es otro'),
      paths: [],
    },
    ...(draft.useSameAddress
      ? []
      : addressQuestions('02-domicilios', 'societyAddress', 'domicilio social')),
    {
      id: 'selectedVOPlan',
      step: '02-domicilios',
      prompt: '¿Quieres contratar una oficina virtual como domicilio tributario?',
      kind: 'choice',
      options: [
        { value: '', label: 'No por ahora' },
        ...plans.map((p) => ({
          value: String(p.id),
          label: `${p.name} · ${formatClp(p.price_clp)} al mes`,
        })),
      ],
      read: (d) => (d.selectedVOPlan ? String(d.selectedVOPlan.id) : ''),
      write: (_d, a) => ({ selectedVOPlan: plans.find((p) => String(p.id) === a) ?? null }),
      show: (v) => plans.find((p) => String(p.id) === v)?.name ?? 'No por ahora',
      optional: true,
      paths: [],
    },
    {
      id: 'activityCodes',
      step: '03-giro',
      prompt: prose`¿Qué actividades del SII realizará? Escribe sus códigos de 6 dígitos separados por
  coma (por ejemplo 107100), o con palabras qué hará tu empresa y te muestro las que calzan.`,
      kind: 'text',
      placeholder: '107100, o «panadería»',
      read: (d) => (d.activityCodes ?? []).join(', '),
      write: (_d, a) => ({ activityCodes: [...new Set(a.match(/\d+/g) ?? [])] }),
      paths: ['activityCodes'],
    },
    {
      id: 'businessDescription',
      step: '03-giro',
      prompt:
        '¿A qué se dedicará tu empresa? Descríbelo con tus palabras: será el objeto de los estatutos.',
      kind: 'textarea',
      read: (d) => d.businessDescription,
      write: (_d, a) => ({ businessDescription: a.trim() }),
      paths: ['businessDescription'],
    },
    {
      id: 'capital',
      step: '04-capital',
      prompt: '¿Con cuánto capital parte la empresa? Escríbelo en pesos.',
      kind: 'text',
      inputMode: 'numeric',
      read: (d) => d.capital,
      write: (_d, a) => {
        const value = parseTypedClp(a);
        return { capital: value === null ? a.trim() : formatClp(value) };
      },
      paths: ['capital'],
    },
    {
      id: 'duration',
      step: '04-capital',
      prompt:
        '¿Por cuánto tiempo existirá? Lo habitual es que sea indefinida. Si es a plazo, escribe los años.',
      kind: 'choice',
      options: [{ value: 'indefinida', label: 'Indefinida' }],
      placeholder: 'Número de años',
      inputMode: 'numeric',
      read: (d) => d.duration,
      write: (_d, a) => ({
        duration: a.trim().toLowerCase() === 'indefinida' ? 'indefinida' : a.trim(),
      }),
      show: (v) => (v === 'indefinida' ? 'Indefinida' : `${v} años`),
      paths: ['duration'],
    },
  ];

  if (type !== 'eirl') {
    q.push({
      id: 'administration',
      step: '05-administracion-y-acuerdos',
      prompt: '¿Quién administrará la empresa?',
      kind: 'choice',
      options:
        type === 'spa'
          ? [
              { value: 'administrador', label: 'Un administrador' },
              { value: 'directorio', label: 'Un directorio' },
              { value: 'socios', label: 'Los accionistas' },
            ]
          : [
              { value: 'administrador', label: 'Un administrador' },
              { value: 'socios', label: 'Todos los socios' },
            ],
      read: (d) => String((d as { administration: string }).administration),
      write: (_d, a) => ({ administration: a }) as Patch,
      paths: ['administration'],
    });
    if (type === 'spa') {
      q.push({
        id: 'socialManagementType',
        step: '05-administracion-y-acuerdos',
        prompt:
          '¿Los administradores podrán actuar por separado (indistinta) o deberán actuar juntos (conjunta)?',
        kind: 'choice',
        options: [
          { value: 'indistinta', label: 'Indistinta' },
          { value: 'conjunta', label: 'Conjunta' },
        ],
        read: (d) => String((d as { socialManagementType: string }).socialManagementType),
        write: (_d, a) => ({ socialManagementType: a }) as Patch,
        paths: ['socialManagementType'],
      });
    }
    q.push(
      {
        id: 'specialAgreements',
        step: '05-administracion-y-acuerdos',
        prompt: '¿Hay algún acuerdo especial entre los socios que quieras dejar por escrito?',
        kind: 'textarea',
        optional: true,
        read: (d) => String((d as { specialAgreements: string }).specialAgreements),
        write: (_d, a) => ({ specialAgreements: a.trim() }),
        paths: ['specialAgreements'],
      },
      {
        id: 'canExpandActivity',
        step: '06-explotar-giro',
        prompt:
          '¿La empresa podrá dedicarse a otros giros en el futuro, sin modificar los estatutos?',
        kind: 'choice',
        options: [
          { value: 'si', label: 'Sí' },
          { value: 'no', label: 'No' },
        ],
        read: (d) => String((d as { canExpandActivity: string }).canExpandActivity),
        write: (_d, a) => ({ canExpandActivity: a }) as Patch,
        show: (v) => (v === 'si' ? 'Sí' : 'No'),
        paths: ['canExpandActivity'],
      },
    );
    const { min, max } = PARTNER_LIMITS[type];
    q.push({
      id: 'partnersCount',
      step: '07-individualizar',
      prompt: prose`¿Cuántos ${type === 'spa' ? 'accionistas' : 'socios'} tendrá?
  (${type === 'ltda' ? 'entre 2 y 50' : 'uno o más'})`,
      kind: 'text',
      inputMode: 'numeric',
      read: (d) => String(partnersOf(type, d).length),
      write: (d, a) => {
        const n = Math.max(min, Math.min(max, Number.parseInt(a, 10) || min));
        const list = partnersOf(type, d).slice(0, n);
        while (list.length < n) list.push(blankPartner());
        return { partnersPersonalInfo: list };
      },
      paths: ['partnersPersonalInfo'],
    });
  }

  const partners = partnersOf(type, draft);
  partners.forEach((_, i) => q.push(...partnerQuestions(type, i, partners.length)));

  if (type !== 'eirl') {
    q.push(...administratorQuestions(type, draft));
    if (type === 'spa')
      q.push({
        id: 'totalShares',
        step: '08-participacion',
        prompt: prose`¿En cuántas acciones se dividirá el capital? Lo habitual es 1.000; cada accionista
  tendrá las que correspondan a su porcentaje.`,
        kind: 'text',
        inputMode: 'numeric',
        placeholder: '1000',
        read: (d) => String((d as { totalShares: number }).totalShares),
        write: (_d, a) => ({ totalShares: Number(a.replace(/\D/g, '') || 0) }),
        paths: ['totalShares'],
      });
    partners.forEach((p, i) => {
      const last = i === partners.length - 1;
      q.push({
        id: `partnersPersonalInfo.${i}.participacion`,
        step: '08-participacion',
        prompt: prose`¿Qué porcentaje de la empresa tendrá
  ${partnerName(p) || `el socio ${i + 1}`}?${last && partners.length > 1 ? ' Entre todos deben sumar 100 %.' : ''}`,
        kind: 'text',
        inputMode: 'decimal',
        placeholder: partners.length === 1 ? '100' : undefined,
        read: (d) => {
          const value = partnersOf(type, d)[i]?.participacion ?? 0;
          return value ? String(value) : '';
        },
        write: (d, a) => {
          const list = partnersOf(type, d).slice();
          list[i] = {
            ...list[i]!,
            participacion: Number(a.replace('%', '').replace(',', '.').trim()),
          };
          return { partnersPersonalInfo: list };
        },
        show: (v) => `${v} %`,
        paths: last
          ? [`partnersPersonalInfo.${i}.participacion`, 'participacion']
          : [`partnersPersonalInfo.${i}.participacion`],
      });
    });
  }
  return q;
}

/** Whether each partner administers (or sits on the board), unless all the partners do. */
function administratorQuestions(type: BusinessType, draft: AnyDraft): ChatQuestion[] {
  const administration = (draft as { administration: string }).administration;
  if (administration === 'socios') return [];
  const partners = partnersOf(type, draft);
  const role =
    administration === 'directorio' ? 'integrará el directorio' : 'administrará la empresa';
  return partners.map((p, i) => ({
    id: `partnersPersonalInfo.${i}.administra`,
    step: '07-individualizar',
    prompt: `¿${partnerName(p) || `El socio ${i + 1}`} ${role}?`,
    kind: 'choice',
    options: [
      { value: 'si', label: 'Sí' },
      { value: 'no', label: 'No' },
    ],
    read: (d) => (partnersOf(type, d)[i]?.administra ? 'si' : 'no'),
    write: (d, a) => {
      const list = partnersOf(type, d).slice();
      list[i] = { ...list[i]!, administra: a === 'si' };
      return { partnersPersonalInfo: list };
    },
    show: (v) => (v === 'si' ? 'Sí' : 'No'),
    paths: i === partners.length - 1 ? ['administra'] : [],
  }));
}

/** The error an answer would cause, using the step's own validation. */
export function answerError(
  type: BusinessType,
  draft: AnyDraft,
  question: ChatQuestion,
  answer: string,
): string | undefined {
  if (question.optional && !answer.trim()) return undefined;
  const next = { ...draft, ...question.write(draft, answer) };
  const errors = validateStep(type, question.step, next);
  if (question.id === 'companyName') {
    const check = checkCompanyName(type, answer, companyNameOwner(type, draft));
    if (!check.ok) return check.message;
  }
  for (const path of question.paths) if (errors[path]) return errors[path];
  return undefined;
}

function defaultsLike(type: BusinessType, draft: AnyDraft): AnyDraft {
  const base: AnyDraft = defaultDraft(type);
  if (type === 'eirl') return base;
  return {
    ...base,
    partnersPersonalInfo: partnersOf(type, draft).map(() => blankPartner()),
  };
}

/** True when the question needs no (more) answer. */
export function isDone(
  type: BusinessType,
  draft: AnyDraft,
  question: ChatQuestion,
  answered: ReadonlySet<string>,
): boolean {
  const value = question.read(draft);
  if (answerError(type, draft, question, value)) return false;
  if (answered.has(question.id)) return true;
  if (question.optional || question.id === 'partnersCount') return false;
  return value !== question.read(defaultsLike(type, draft));
}

/** Index of the question to ask now; -1 when everything is answered. */
export function currentQuestionIndex(
  type: BusinessType,
  draft: AnyDraft,
  questions: ChatQuestion[],
  answered: ReadonlySet<string>,
): number {
  return questions.findIndex((q) => !isDone(type, draft, q, answered));
}
