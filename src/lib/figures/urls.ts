/** Every URL of the figures feature, built in one place. */
import type { FigurePeriod } from '@/lib/figures/figures';

export const FIGURE_PATHS = {
  /** The seller's page; `?dias=` picks the period. */
  page: '/cifras',
  period: (days: FigurePeriod) => `/cifras?dias=${days}`,
  /** The daily figures as a spreadsheet. */
  csv: (days: FigurePeriod) => `/api/store/figures/csv/?days=${days}`,
} as const;
