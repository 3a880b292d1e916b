/** Every URL of the back office, built in one place. */
export const BACKOFFICE_PATHS = {
  queue: '/backoffice',
  /** The queue with its filters in Spanish query words; empty ones are left out. */
  queueOf: (filter: {
    estado?: string | null;
    tipo?: string | null;
    q?: string;
    pagina?: number;
  }) => {
    const query = new URLSearchParams();
    for (const [key, value] of Object.entries(filter))
      if (value && !(key === 'pagina' && value === 1)) query.set(key, String(value));
    const text = query.toString();
    return text ? `/backoffice?${text}` : '/backoffice';
  },
  company: (id: number) => `/backoffice/empresas/${id}`,
  /** Mails and jobs that wait or failed. */
  deliveries: '/backoffice/envios',
  document: (id: number, kind: string) => `/api/backoffice/companies/${id}/documents/${kind}/`,
} as const;
