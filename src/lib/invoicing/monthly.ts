/**
 * A month of tax documents, as the seller declares it in the Formulario 29 (pure): per type the
 * count and the neto, IVA, exento and total; the sales less their notas de crédito; and the paid
 * orders of the month still without a document. The queries are `monthly.server.ts`.
 */
import { toCsv } from '@/lib/csv';
import { chileDay, chileDayEdge } from '@/lib/dates';
import { DTE, DTE_LABELS, type DteAmounts, type DteType } from '@/lib/invoicing/dte';

/** `2026-11`. */
export type Month = `${number}-${number}`;
export const MONTH_MESSAGE = 'El mes debe tener la forma 2026-11.';

/** The month a query names; null when it names none that exists (or before 2021: no boletas). */
export function parseMonth(value: string | null | undefined): Month | null {
  const match = /^(\d{4})-(0[1-9]|1[0-2])$/.exec(value ?? '');
  if (!match || Number(match[1]) < 2021 || Number(match[1]) > 2100) return null;
  return value as Month;
}

/** This month in Chile. */
export const currentMonth = (today = chileDay()): Month => today.slice(0, 7) as Month;

/** The month `delta` months from `month` (`2026-01`, −1 → `2025-12`). */
export function addMonths(month: Month, delta: number): Month {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const index = year * 12 + (m - 1) + delta;
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}` as Month;
}

/** Its first and last calendar day (`2026-11-01`, `2026-11-30`). */
export function monthDays(month: Month): { first: string; last: string } {
  const [year, m] = month.split('-').map(Number) as [number, number];
  const days = new Date(Date.UTC(year, m, 0)).getUTCDate();
  return { first: `${month}-01`, last: `${month}-${String(days).padStart(2, '0')}` };
}

/** Its first instant in Chile. */
export const monthStart = (month: Month): Date => chileDayEdge(`${month}-01`, 'start');

/** `noviembre de 2026`. */
export function formatMonth(month: Month): string {
  return new Date(`${month}-15T12:00:00Z`).toLocaleDateString('es-CL', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });
}

export interface TypeTotals extends DteAmounts {
  type: DteType;
  label: string;
  count: number;
}

/** One emitted document, a line of the CSV. */
export interface MonthDocument extends DteAmounts {
  date: string;
  type: DteType;
  folio: number;
  order_number: string;
  by_hand: boolean;
}

export interface MonthlySummary {
  month: Month;
  /** Each type with documents, in the SII's order (boletas, facturas, notas de crédito). */
  types: TypeTotals[];
  /** Sales less notas de crédito: what the month declares (`iva` is the débito fiscal). */
  net: DteAmounts;
  /** Paid orders of the month without any document yet. */
  undocumented: { count: number; total: number };
}

const ORDER: DteType[] = [
  DTE.boleta,
  DTE.boletaExenta,
  DTE.factura,
  DTE.facturaExenta,
  DTE.notaCredito,
];

/** The summary from each type's sums (any order, types without documents left out). */
export function summarise(
  month: Month,
  sums: (DteAmounts & { type: number; count: number })[],
  undocumented: { count: number; total: number },
): MonthlySummary {
  const types = ORDER.flatMap((type) => {
    const row = sums.find((s) => s.type === type);
    return row?.count ? [{ ...row, type, label: DTE_LABELS[type] }] : [];
  });
  const net = { neto: 0, iva: 0, exento: 0, total: 0 };
  for (const t of types) {
    const sign = t.type === DTE.notaCredito ? -1 : 1;
    net.neto += sign * t.neto;
    net.iva += sign * t.iva;
    net.exento += sign * t.exento;
    net.total += sign * t.total;
  }
  return { month, types, net, undocumented };
}

/** The month's documents, one per line, for the seller's accountant. */
export function monthlyCsv(documents: MonthDocument[]): string {
  return toCsv(
    ['fecha', 'tipo', 'documento', 'folio', 'pedido', 'neto', 'iva', 'exento', 'total', 'origen'],
    documents.map((d) => [
      d.date,
      d.type,
      DTE_LABELS[d.type],
      d.folio,
      d.order_number,
      d.neto,
      d.iva,
      d.exento,
      d.total,
      d.by_hand ? 'SII' : 'OpenFactura',
    ]),
  );
}
