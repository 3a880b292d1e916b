/** Every URL of the customers feature, built in one place. */
export const CUSTOMER_PATHS = {
  list: '/clientes',
  customer: (key: string) => `/clientes/${key}`,
  /** The API's CSV of the customers a search finds (`;`, BOM). */
  csv: (q: string) => `/api/store/customers/csv/${q ? `?q=${encodeURIComponent(q)}` : ''}`,
} as const;
