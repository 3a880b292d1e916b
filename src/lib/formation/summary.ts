/** A draft as people read it, grouped by step: for the revision, the dashboard and the printout. */
import { formatPhone, normalizePhone } from '@/lib/phone';
import { formatRut } from '@/lib/rut';
import { formatClp, parseClp } from '@/lib/money';
import type { BusinessType } from '@/lib/formation/business-type';
import {
  CIVIL_STATUS_LABELS,
  administers,
  partnerName,
  sharesOf,
  type Address,
  type AnyDraft,
  type EirlDraft,
  type Partner,
  type SpaDraft,
  type VoPlan,
} from '@/lib/formation/draft';
import { STEP_INFO, stepsOf, type StepId } from '@/lib/formation/steps';
import { formatPercent } from '@/lib/formation/validation';
import { prose } from '@/lib/prose';

export interface SummaryRow {
  label: string;
  value: string;
}
export interface SummaryGroup {
  step: StepId;
  title: string;
  rows: SummaryRow[];
  /** Sub-groups, one per partner. */
  people?: { title: string; rows: SummaryRow[] }[];
}

const EMPTY = '—';
const v = (s: string | undefined | null) => (s && s.trim() ? s.trim() : EMPTY);

/** A chosen virtual office plan; a plan sent by id alone has no name or price yet. */
function virtualOfficeLine(plan: VoPlan): string {
  const price = plan.price_clp ? ` · ${formatClp(plan.price_clp)} al mes` : '';
  return `${plan.name || `Plan ${plan.id}`}${price}`;
}

export function formatAddress(a: Address): string {
  if (!a.calle.trim()) return EMPTY;
  return [`${a.calle.trim()} ${a.numero.trim()}`.trim(), a.detalle.trim(), a.comuna, a.region]
    .filter(Boolean)
    .join(', ');
}

const ADMINISTRATION_LABELS: Record<string, string> = {
  administrador: 'Un administrador',
  socios: 'Todos los socios',
  directorio: 'Un directorio',
};
const MANAGEMENT_LABELS: Record<string, string> = {
  indistinta: 'Indistinta',
  conjunta: 'Conjunta',
};

function partnerRows(p: Partner): SummaryRow[] {
  const phone = normalizePhone(p.telefono);
  return [
    { label: 'RUT', value: p.runRut ? formatRut(p.runRut) : EMPTY },
    { label: 'Nombre', value: v(partnerName(p)) },
    { label: 'Correo', value: v(p.email) },
    { label: 'Teléfono', value: phone ? formatPhone(phone) : v(p.telefono) },
    { label: 'Estado civil', value: p.estadoCivil ? CIVIL_STATUS_LABELS[p.estadoCivil] : EMPTY },
    { label: 'Profesión u oficio', value: v(p.profesion) },
    { label: 'Nacionalidad', value: v(p.nacionalidad) },
    { label: 'Dirección', value: v(p.direccion) },
  ];
}

/** An activity code as people read it; the name where the caller has the SII's list at hand. */
export type ActivityNamer = (code: string) => string | undefined;

function activityLines(codes: string[] | undefined, nameOf: ActivityNamer): string {
  if (!codes?.length) return EMPTY;
  return codes.map((c) => (nameOf(c) ? `${c} – ${nameOf(c)}` : c)).join('\n');
}

/** Every field of the draft, grouped by the step that asks for it. */
export function summarizeDraft(
  type: BusinessType,
  draft: AnyDraft,
  nameOf: ActivityNamer = () => undefined,
): SummaryGroup[] {
  return stepsOf(type).map((step): SummaryGroup => {
    const title = STEP_INFO[step].title;
    switch (step) {
      case '01-nombra-tu-empresa':
        return {
          step,
          title,
          rows: [
            { label: 'Razón social', value: v(draft.companyName) },
            { label: 'Nombre de fantasía', value: v(draft.tradeName) },
          ],
        };
      case '02-domicilios':
        return {
          step,
          title,
          rows: [
            { label: 'Domicilio tributario', value: formatAddress(draft.tributaryAddress) },
            {
              label: 'Domicilio social',
              value: draft.useSameAddress
                ? 'El mismo que el tributario'
                : formatAddress(draft.societyAddress),
            },
            {
              label: 'Oficina virtual',
              value: draft.selectedVOPlan ? virtualOfficeLine(draft.selectedVOPlan) : 'No',
            },
          ],
        };
      case '03-giro':
        return {
          step,
          title,
          rows: [
            { label: 'Actividades del SII', value: activityLines(draft.activityCodes, nameOf) },
            { label: 'Giro', value: v(draft.businessDescription) },
          ],
        };
      case '04-capital': {
        const capital = parseClp(draft.capital);
        return {
          step,
          title,
          rows: [
            { label: 'Capital', value: capital === null ? v(draft.capital) : formatClp(capital) },
            {
              label: 'Duración',
              value: draft.duration === 'indefinida' ? 'Indefinida' : `${draft.duration} años`,
            },
          ],
        };
      }
      case '05-administracion-y-acuerdos': {
        const d = draft as SpaDraft;
        const rows = [
          {
            label: 'Administración',
            value: ADMINISTRATION_LABELS[d.administration] ?? v(d.administration),
          },
        ];
        if (type === 'spa')
          rows.push({
            label: 'Forma de actuar',
            value: MANAGEMENT_LABELS[d.socialManagementType] ?? v(d.socialManagementType),
          });
        rows.push({ label: 'Acuerdos especiales', value: v(d.specialAgreements) });
        return { step, title, rows };
      }
      case '06-explotar-giro': {
        const c = (draft as SpaDraft).canExpandActivity;
        return {
          step,
          title,
          rows: [
            {
              label: 'Podrá explotar otros giros',
              value: c === 'si' ? 'Sí' : c === 'no' ? 'No' : EMPTY,
            },
          ],
        };
      }
      case '07-individualizar': {
        const d = draft as SpaDraft;
        const role = d.administration === 'directorio' ? 'Integra el directorio' : 'Administra';
        return {
          step,
          title,
          rows: [],
          people: d.partnersPersonalInfo.map((p, i) => ({
            title: `${type === 'spa' ? 'Accionista' : 'Socio'} ${i + 1}`,
            rows: [...partnerRows(p), { label: role, value: administers(d, p) ? 'Sí' : 'No' }],
          })),
        };
      }
      case '05-individualizar':
        return {
          step,
          title,
          rows: [],
          people: [{ title: 'Titular', rows: partnerRows((draft as EirlDraft).personalInfo) }],
        };
      case '08-participacion': {
        const d = draft as SpaDraft;
        const total = type === 'spa' ? d.totalShares : null;
        const rows = d.partnersPersonalInfo.map((p, i) => ({
          label: partnerName(p) || `Socio ${i + 1}`,
          value:
            total === null
              ? formatPercent(p.participacion)
              : prose`${formatPercent(p.participacion)} ·
                ${sharesOf(total, p.participacion).toLocaleString('es-CL')} acciones`,
        }));
        if (total !== null)
          rows.unshift({ label: 'Total de acciones', value: total.toLocaleString('es-CL') });
        return { step, title, rows };
      }
    }
  });
}
