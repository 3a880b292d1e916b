/**
 * The data sheet (ficha de datos): every value the Registro de Empresas y Sociedades' form asks
 * for, in the order it asks for them, so whoever types it in copies from top to bottom. Pure.
 */
import { prose } from '@/lib/prose';
import { regionByName, regionLabel } from '@/lib/chile/regions';
import { formatClp, parseClp } from '@/lib/money';
import { formatPhone, normalizePhone } from '@/lib/phone';
import { formatRut } from '@/lib/rut';
import { BUSINESS_TYPE_INFO, type BusinessType } from '@/lib/formation/business-type';
import {
  CIVIL_STATUS_LABELS,
  administers,
  partnerName,
  partnersOf,
  sharesOf,
  type Address,
  type AnyDraft,
  type SpaDraft,
} from '@/lib/formation/draft';
import type { ActivityNamer } from '@/lib/formation/summary';
import { formatPercent } from '@/lib/formation/validation';
import type { LegalText } from '@/lib/formation/documents/statutes';

const ADMINISTRATION: Record<string, string> = {
  administrador: 'Administrador',
  directorio: 'Directorio',
  socios: 'Todos los socios',
};

const or = (s: string) => s.trim() || 'No tiene';

function address(a: Address): string {
  const region = regionByName(a.region);
  return [
    `${a.calle.trim()} ${a.numero.trim()}`,
    a.detalle.trim(),
    a.comuna,
    region ? regionLabel(region) : a.region,
  ]
    .filter(Boolean)
    .join(', ');
}

/** The sheet as sections of «label: value» rows (the renderer's clauses). */
export function dataSheet(type: BusinessType, draft: AnyDraft, nameOf: ActivityNamer): LegalText {
  const capital = parseClp(draft.capital) ?? 0;
  const society = type === 'eirl' ? null : (draft as SpaDraft);
  const partners = partnersOf(type, draft);
  const noun = type === 'spa' ? 'Accionista' : type === 'ltda' ? 'Socio' : 'Titular';
  const row = (heading: string, text: string) => ({ heading, text });
  return {
    title: 'Ficha de datos para el Registro de Empresas y Sociedades',
    intro: prose`Datos de la ${BUSINESS_TYPE_INFO[type].name} en el orden en que los pide el
  formulario de constitución del Registro.`,
    sections: [
      {
        heading: '1. Empresa',
        clauses: [
          row('Tipo de empresa', BUSINESS_TYPE_INFO[type].name),
          row('Razón social', draft.companyName.trim()),
          row('Nombre de fantasía', or(draft.tradeName)),
          row(
            'Domicilio social',
            address(draft.useSameAddress ? draft.tributaryAddress : draft.societyAddress),
          ),
          row('Domicilio tributario', address(draft.tributaryAddress)),
          row(
            'Duración',
            draft.duration === 'indefinida' ? 'Indefinida' : `${draft.duration} años`,
          ),
          row('Objeto', draft.businessDescription.trim()),
          row(
            'Actividades económicas (SII)',
            draft.activityCodes.map((c) => `${c} – ${nameOf(c) ?? 'código sin nombre'}`).join('\n'),
          ),
          ...(society
            ? [row('Podrá explotar otros giros', society.canExpandActivity === 'si' ? 'Sí' : 'No')]
            : []),
        ],
      },
      {
        heading: '2. Capital',
        clauses: [
          row('Capital total', formatClp(capital)),
          ...(type === 'spa'
            ? [
                row('Número de acciones', (draft as SpaDraft).totalShares.toLocaleString('es-CL')),
                row('Series', 'Una serie, acciones nominativas sin valor nominal'),
              ]
            : []),
        ],
      },
      ...partners.map((p, i) => {
        const phone = normalizePhone(p.telefono);
        const share = type === 'eirl' ? 100 : p.participacion;
        const shares = sharesOf((draft as SpaDraft).totalShares, p.participacion);
        const part =
          type === 'spa'
            ? `${shares.toLocaleString('es-CL')} acciones (${formatPercent(share)})`
            : `${formatClp(Math.round((capital * share) / 100))} (${formatPercent(share)})`;
        return {
          heading: `3. ${noun}${partners.length > 1 ? ` ${i + 1} de ${partners.length}` : ''}`,
          clauses: [
            row('Nombre', partnerName(p)),
            row('RUT', formatRut(p.runRut)),
            row('Nacionalidad', p.nacionalidad.trim()),
            row('Estado civil', p.estadoCivil ? CIVIL_STATUS_LABELS[p.estadoCivil] : ''),
            row('Profesión u oficio', p.profesion.trim()),
            row('Domicilio', p.direccion.trim()),
            row('Correo electrónico', p.email.trim()),
            row('Teléfono', phone ? formatPhone(phone) : p.telefono.trim()),
            row(type === 'spa' ? 'Acciones suscritas' : 'Aporte', part),
          ],
        };
      }),
      {
        heading: '4. Administración',
        clauses: society
          ? [
              row('Forma de administración', ADMINISTRATION[society.administration] ?? ''),
              row(
                society.administration === 'directorio' ? 'Directores' : 'Administradores',
                society.partnersPersonalInfo
                  .filter((p) => administers(society, p))
                  .map((p) => `${partnerName(p)} (${formatRut(p.runRut)})`)
                  .join('\n'),
              ),
              ...(type === 'spa'
                ? [
                    row(
                      'Forma de actuar',
                      society.socialManagementType === 'conjunta' ? 'Conjunta' : 'Indistinta',
                    ),
                  ]
                : []),
              row('Acuerdos especiales', or(society.specialAgreements)),
            ]
          : [row('Administrador', `${partnerName(partners[0]!)} (titular)`)],
      },
    ],
  };
}
