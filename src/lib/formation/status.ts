/** Statuses a sent company goes through, as people read them. */
export const COMPANY_STATUSES = [
  'enviado',
  'en-revision',
  'observado',
  'en-notaria',
  'constituida',
] as const;
export type CompanyStatus = (typeof COMPANY_STATUSES)[number] | 'rechazada';

export const STATUS_INFO: Record<CompanyStatus, { label: string; description: string }> = {
  rechazada: {
    label: 'Rechazada',
    description: 'No podemos constituir esta empresa; el motivo está en su historial.',
  },
  enviado: { label: 'Enviado', description: 'Recibimos tu solicitud con todos sus datos.' },
  'en-revision': {
    label: 'En revisión',
    description: 'Nuestro equipo revisa los datos y prepara los estatutos.',
  },
  observado: {
    label: 'Con observaciones',
    description: 'Necesitamos que corrijas o completes algún dato.',
  },
  'en-notaria': {
    label: 'En firma',
    description: 'Los estatutos están listos para que los socios firmen.',
  },
  constituida: {
    label: 'Constituida',
    description: 'Tu empresa ya existe: tiene RUT y puede iniciar actividades.',
  },
};

export function statusLabel(status: string): string {
  return STATUS_INFO[status as CompanyStatus]?.label ?? status;
}
