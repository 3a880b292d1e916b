/**
 * The statutes (estatuto) of an SpA, an EIRL or a Ltda, written from what the person sent, in the
 * clause order of the Registro de Empresas y Sociedades' model texts: name, domicile, duration,
 * object, capital, administration, members. Pure: the PDF renderer only lays it out.
 */
import { prose } from '@/lib/prose';
import { regionByName, regionLabel } from '@/lib/chile/regions';
import { formatClp, parseClp } from '@/lib/money';
import { numberInWords, pesosInWords } from '@/lib/money-words';
import { formatRut } from '@/lib/rut';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  CIVIL_STATUS_LABELS,
  administers,
  partnerName,
  partnersOf,
  sharesOf,
  type AnyDraft,
  type LtdaDraft,
  type Partner,
  type SpaDraft,
} from '@/lib/formation/draft';

export interface Clause {
  heading: string;
  text: string;
}
export interface Section {
  heading: string;
  clauses: Clause[];
}
/** A document as titled sections of clauses, ready to be laid out. */
export interface LegalText {
  title: string;
  intro: string;
  sections: Section[];
}

const ORDINALS = [
  'primero',
  'segundo',
  'tercero',
  'cuarto',
  'quinto',
  'sexto',
  'séptimo',
  'octavo',
  'noveno',
  'décimo',
  'undécimo',
  'duodécimo',
];
const ordinal = (i: number) => ORDINALS[i] ?? `${i + 1}.º`;

/** «$1.000.000 (un millón de pesos)». */
export function amountText(amount: number): string {
  return `${formatClp(amount)} (${pesosInWords(amount)})`;
}

/** «María José Soto Pérez, chilena, soltera, ingeniera comercial, RUT 12.345.678-5, domiciliada en …». */
export function appearance(p: Partner): string {
  const civil = p.estadoCivil ? CIVIL_STATUS_LABELS[p.estadoCivil].toLowerCase() : '';
  const nationality = /^chile$/i.test(p.nacionalidad.trim())
    ? 'de nacionalidad chilena'
    : `de nacionalidad ${p.nacionalidad.trim()}`;
  return [
    partnerName(p),
    nationality,
    civil,
    p.profesion.trim().toLowerCase(),
    `cédula nacional de identidad N.º ${formatRut(p.runRut)}`,
    `con domicilio en ${p.direccion.trim()}`,
  ]
    .filter(Boolean)
    .join(', ');
}

function domicile(draft: AnyDraft): string {
  const a = draft.useSameAddress ? draft.tributaryAddress : draft.societyAddress;
  const region = regionByName(a.region);
  return `la comuna de ${a.comuna}, ${region ? regionLabel(region) : a.region}`;
}

function duration(draft: AnyDraft): string {
  if (draft.duration === 'indefinida') return 'La duración de la empresa será indefinida.';
  const years = Number(draft.duration);
  return prose`La duración de la empresa será de ${numberInWords(years).replace(/uno$/, 'un')}
  (${years}) años, contados desde la fecha de su constitución.`;
}

function object(draft: AnyDraft, canExpand: boolean): string {
  const base = `El objeto de la empresa será: ${draft.businessDescription.trim().replace(/\.?$/, '.')}`;
  return canExpand
    ? prose`${base} Además, podrá realizar cualquier otra actividad civil o comercial lícita que
  acuerden sus ${draftNoun(draft)}, sin necesidad de modificar estos estatutos.`
    : base;
}

const draftNoun = (draft: AnyDraft) => ('totalShares' in draft ? 'accionistas' : 'socios');

const names = (people: Partner[]) => {
  const list = people.map(partnerName);
  return list.length <= 1 ? (list[0] ?? '') : `${list.slice(0, -1).join(', ')} y ${list.at(-1)}`;
};

const capitalOf = (draft: AnyDraft) => parseClp(draft.capital) ?? 0;
/** A partner's part of the capital, in whole pesos. */
const contribution = (capital: number, p: Partner) => Math.round((capital * p.participacion) / 100);

const tradeClause = (trade: string) =>
  prose` y podrá usar, para todos los efectos, incluso bancarios y publicitarios, el nombre de
  fantasía «${trade}»`;

function name(draft: AnyDraft, kind: string): Clause {
  const trade = draft.tradeName.trim();
  return {
    heading: 'Nombre',
    text: prose`${kind} se denominará «${draft.companyName.trim()}»${trade ? tradeClause(trade) : ''}.`,
  };
}

/** The common first section: name, domicile, duration and object. */
function identity(draft: AnyDraft, kind: string, canExpand: boolean): Section {
  return {
    heading: 'Nombre, domicilio, duración y objeto',
    clauses: [
      name(draft, kind),
      {
        heading: 'Domicilio',
        text: prose`El domicilio de la empresa será ${domicile(draft)}, sin perjuicio de las
  agencias o sucursales que pueda establecer en otros lugares del país o del extranjero.`,
      },
      { heading: 'Duración', text: duration(draft) },
      { heading: 'Objeto', text: object(draft, canExpand) },
    ],
  };
}

function agreements(draft: LtdaDraft): Clause[] {
  const text = draft.specialAgreements.trim();
  return text ? [{ heading: 'Acuerdos especiales', text }] : [];
}

function spaAdministration(draft: SpaDraft): Clause {
  const admins = draft.partnersPersonalInfo.filter((p) => administers(draft, p));
  const joint = draft.socialManagementType === 'conjunta';
  const acting =
    admins.length > 1
      ? joint
        ? ', quienes deberán actuar siempre en forma conjunta'
        : ', quienes podrán actuar en forma indistinta, cualquiera de ellos por separado'
      : '';
  if (draft.administration === 'directorio')
    return {
      heading: 'Directorio',
      text: prose`La sociedad será administrada por un directorio de
  ${numberInWords(admins.length).replace(/uno$/, 'un')} (${admins.length}) miembros, que durarán
  tres años en sus cargos y podrán ser reelegidos. El directorio representará a la sociedad judicial
  y extrajudicialmente, con todas las facultades de administración y disposición. El primer
  directorio estará integrado por ${names(admins)}.`,
    };
  const who =
    draft.administration === 'socios'
      ? `todos los accionistas, esto es, ${names(admins)}`
      : names(admins);
  return {
    heading: 'Administración',
    text: prose`La administración de la sociedad y su representación judicial y extrajudicial
  corresponderán a ${who}${acting}, con todas las facultades de administración y disposición que la
  ley y estos estatutos no reserven a la junta de accionistas.`,
  };
}

function spa(draft: SpaDraft): LegalText {
  const capital = capitalOf(draft);
  const shareholders = draft.partnersPersonalInfo;
  return {
    title: 'Estatutos de sociedad por acciones',
    intro: prose`${shareholders.map(appearance).join('; ')};
  ${shareholders.length > 1 ? 'vienen' : 'viene'} en constituir una sociedad por acciones, que se
  regirá por estos estatutos y, en su silencio, por los artículos 424 y siguientes del Código de
  Comercio y por la Ley N.º 20.659.`,
    sections: [
      identity(draft, 'La sociedad', draft.canExpandActivity === 'si'),
      {
        heading: 'Capital y acciones',
        clauses: [
          {
            heading: 'Capital',
            text: prose`El capital de la sociedad es de ${amountText(capital)}, dividido en
  ${draft.totalShares.toLocaleString('es-CL')} acciones nominativas, de una misma serie y sin valor
  nominal.`,
          },
          {
            heading: 'Acciones',
            text: prose`Las acciones se inscribirán en el registro de accionistas que llevará la
  sociedad. Su transferencia se hará por escrito y surtirá efecto respecto de la sociedad desde su
  inscripción en dicho registro.`,
          },
        ],
      },
      { heading: 'Administración', clauses: [spaAdministration(draft)] },
      {
        heading: 'Juntas, balance y utilidades',
        clauses: [
          {
            heading: 'Juntas de accionistas',
            text: prose`Los accionistas se reunirán en juntas ordinarias, una vez al año dentro del
  primer cuatrimestre, y en juntas extraordinarias cuando lo requieran los intereses sociales. Cada
  acción da derecho a un voto.`,
          },
          {
            heading: 'Balance y utilidades',
            text: prose`El ejercicio social terminará el 31 de diciembre de cada año. Las utilidades
  se distribuirán entre los accionistas a prorrata de sus acciones, salvo que la junta acuerde otra
  cosa por la unanimidad de las acciones emitidas.`,
          },
          ...agreements(draft),
        ],
      },
      {
        heading: 'Disposiciones transitorias',
        clauses: [
          {
            heading: 'Suscripción y pago',
            text: prose`El capital se suscribe y se pagará en dinero efectivo dentro del plazo de un
  año contado desde la constitución, de la siguiente forma: ${shareholders
    .map(
      (p) =>
        prose`${partnerName(p)} suscribe
  ${sharesOf(draft.totalShares, p.participacion).toLocaleString('es-CL')} acciones, por
  ${formatClp(contribution(capital, p))}`,
    )
    .join('; ')}.`,
          },
        ],
      },
    ],
  };
}

function ltda(draft: LtdaDraft): LegalText {
  const capital = capitalOf(draft);
  const partners = draft.partnersPersonalInfo;
  const admins = partners.filter((p) => administers(draft, p));
  const together = admins.length > 1 ? ', quienes actuarán siempre en forma conjunta' : '';
  const whoAdministers =
    draft.administration === 'socios'
      ? `todos los socios, esto es, ${names(admins)}`
      : names(admins);
  return {
    title: 'Estatutos de sociedad de responsabilidad limitada',
    intro: prose`${partners.map(appearance).join('; ')}; vienen en constituir una sociedad de
  responsabilidad limitada, que se regirá por la Ley N.º 3.918, por la Ley N.º 20.659 y por las
  siguientes estipulaciones.`,
    sections: [
      identity(draft, 'La sociedad', draft.canExpandActivity === 'si'),
      {
        heading: 'Capital y aportes',
        clauses: [
          {
            heading: 'Capital',
            text: prose`El capital de la sociedad es de ${amountText(capital)}, que los socios
  aportan y pagarán en dinero efectivo dentro del plazo de un año contado desde la constitución, de
  la siguiente forma: ${partners
    .map(
      (p) =>
        prose`${partnerName(p)} aporta ${formatClp(contribution(capital, p))}, equivalente
  al ${p.participacion.toLocaleString('es-CL')} % del capital`,
    )
    .join('; ')}.`,
          },
          {
            heading: 'Responsabilidad',
            text: 'La responsabilidad de los socios queda limitada al monto de sus respectivos aportes.',
          },
        ],
      },
      {
        heading: 'Administración',
        clauses: [
          {
            heading: 'Administración y uso de la razón social',
            text: prose`La administración de la sociedad y el uso de la razón social corresponderán
  a ${whoAdministers}${together}, con todas las facultades de administración y disposición, y la
  representación judicial y extrajudicial de la sociedad.`,
          },
        ],
      },
      {
        heading: 'Utilidades y otras estipulaciones',
        clauses: [
          {
            heading: 'Utilidades y pérdidas',
            text: prose`El ejercicio social terminará el 31 de diciembre de cada año. Las utilidades
  y las pérdidas se distribuirán entre los socios a prorrata de sus aportes.`,
          },
          ...agreements(draft),
        ],
      },
    ],
  };
}

function eirl(draft: AnyDraft): LegalText {
  const owner = partnersOf('eirl', draft)[0]!;
  const capital = capitalOf(draft);
  return {
    title: 'Estatutos de empresa individual de responsabilidad limitada',
    intro: prose`${appearance(owner)}; viene en constituir una empresa individual de responsabilidad
  limitada, que se regirá por la Ley N.º 19.857, por la Ley N.º 20.659 y por las siguientes
  estipulaciones.`,
    sections: [
      identity(draft, 'La empresa', false),
      {
        heading: 'Capital y administración',
        clauses: [
          {
            heading: 'Capital',
            text: prose`El capital de la empresa es de ${amountText(capital)}, que el titular aporta
  y pagará en dinero efectivo dentro del plazo de un año contado desde la constitución.`,
          },
          {
            heading: 'Responsabilidad',
            text: prose`La empresa responderá exclusivamente por las obligaciones contraídas dentro
  de su giro, con todos sus bienes. El titular responderá con su patrimonio solo del pago efectivo
  del aporte.`,
          },
          {
            heading: 'Administración',
            text: prose`La administración de la empresa y su representación judicial y extrajudicial
  corresponderán a su titular, ${partnerName(owner)}, con todas las facultades de administración y
  disposición.`,
          },
        ],
      },
    ],
  };
}

/** The statutes of a company of `type`, numbered «Artículo primero…» across sections. */
export function statutes(type: BusinessType, draft: AnyDraft): LegalText {
  const text =
    type === 'spa'
      ? spa(draft as SpaDraft)
      : type === 'ltda'
        ? ltda(draft as LtdaDraft)
        : eirl(draft);
  let n = 0;
  const transitory = (s: Section) => s.heading === 'Disposiciones transitorias';
  return {
    ...text,
    sections: text.sections.map((s) => ({
      ...s,
      clauses: s.clauses.map((c, i) => ({
        ...c,
        heading: transitory(s)
          ? `Artículo ${ordinal(i)} transitorio. ${c.heading}`
          : `Artículo ${ordinal(n++)}. ${c.heading}`,
      })),
    })),
  };
}
