/**
 * «Inicio de actividades: tus datos»: what the SII asks of a constituted company to start its
 * activities, filled from its formation file (the registry's data sheet, with the RUT and the
 * date it was given), with the deadline and what to have at hand. Pure.
 */
import { prose } from '@/lib/prose';
import { formatDay } from '@/lib/dates';
import type { BusinessType } from '@/lib/formation/business-type';
import { dataSheet } from '@/lib/formation/documents/data-sheet';
import type { LegalText } from '@/lib/formation/documents/statutes';
import type { AnyDraft } from '@/lib/formation/draft';
import type { ActivityNamer } from '@/lib/formation/summary';
import { taxStartDeadline } from '@/lib/formation/tax-start';

export function activitiesStartSheet(
  type: BusinessType,
  draft: AnyDraft,
  nameOf: ActivityNamer,
  company: { rut: string; constitutedOn: string },
): LegalText {
  const deadline = formatDay(taxStartDeadline(company.constitutedOn));
  const row = (heading: string, text: string) => ({ heading, text });
  return {
    title: 'Inicio de actividades: tus datos',
    intro: prose`Lo que el SII te pide para que ${draft.companyName.trim()} inicie actividades,
  tomado de su ficha. Hazlo hasta el ${deadline}: sin ese paso no puedes emitir boletas ni facturas,
  y los medios de pago te lo exigirán (Ley 21.713).`,
    sections: [
      {
        heading: 'Contribuyente',
        clauses: [
          row('Razón social', draft.companyName.trim()),
          row('RUT', company.rut),
          row('Fecha de constitución', formatDay(company.constitutedOn)),
          row(
            'Plazo para iniciar actividades',
            `${deadline} (dos meses; Código Tributario, art. 68)`,
          ),
        ],
      },
      ...dataSheet(type, draft, nameOf).sections,
      {
        heading: 'Cómo hacerlo',
        clauses: [
          row(
            'Dónde',
            prose`En sii.cl, en Servicios online, «RUT e Inicio de Actividades», con la clave
  tributaria de la empresa; o en una oficina del SII.`,
          ),
          row(
            'Qué tener a mano',
            prose`La clave tributaria de la empresa y la del representante legal; el certificado de
  constitución del Registro de Empresas y Sociedades; el domicilio y cómo lo usas (propiedad,
  arriendo o comodato), con su documento; y el capital que ya se aportó.`,
          ),
          row(
            'Después',
            prose`Anota en Impulsa el día en que lo hiciste. Con el inicio de actividades puedes
  conectar un medio de pago y emitir boletas por cada venta.`,
          ),
        ],
      },
    ],
  };
}
