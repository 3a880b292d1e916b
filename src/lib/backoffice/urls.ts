/** Every URL of the back office, built in one place. */
export const BACKOFFICE_PATHS = {
  queue: '/backoffice',
  queueOf: (status: string | null) => (status ? `/backoffice?estado=${status}` : '/backoffice'),
  company: (id: number) => `/backoffice/empresas/${id}`,
  document: (id: number, kind: string) => `/api/backoffice/companies/${id}/documents/${kind}/`,
} as const;
