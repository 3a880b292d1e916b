/**
 * The tax start (inicio de actividades): a constituted company declares at the SII that it began,
 * within two months (Código Tributario, art. 68), and since 2 January 2026 every payment provider
 * asks to see it before taking a seller on (Ley 21.713). Pure: the deadline, the date's check.
 */
import { z } from '@/lib/zod';

/** Where the dashboard's path stands on the tax start; null before a company is constituted. */
export interface TaxStartFacts {
  company: number;
  constitutedOn: string;
  startedOn: string | null;
}

/** The SII asks for it within two months of starting; we count from the constitution. */
export const TAX_START_MONTHS = 2;

/** `constitutedOn` plus two months, on the same day or the month's last (`2026-12-31` → `2027-02-28`). */
export function taxStartDeadline(constitutedOn: string): string {
  const [year, month, day] = constitutedOn.split('-').map(Number) as [number, number, number];
  const index = year * 12 + (month - 1) + TAX_START_MONTHS;
  const y = Math.floor(index / 12);
  const m = (index % 12) + 1;
  const last = new Date(Date.UTC(y, m, 0)).getUTCDate();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${y}-${pad(m)}-${pad(Math.min(day, last))}`;
}

/**
 * The date typed in the form or sent to the API: a real day, not ahead, and for a company not
 * before its constitution (`constitutedOn`; null for a persona natural).
 */
export function taxStartSchema(constitutedOn: string | null, today: string) {
  return z.object({
    started_on: z
      .string({ error: 'Escribe la fecha en que iniciaste actividades.' })
      .superRefine((d, ctx) => {
        // One reason at a time: the first that applies.
        const real = new Date(`${d}T12:00:00Z`);
        const message = !/^\d{4}-\d{2}-\d{2}$/.test(d)
          ? 'Escribe la fecha como día, mes y año.'
          : Number.isNaN(real.getTime()) || !real.toISOString().startsWith(d)
            ? 'Esa fecha no existe.'
            : constitutedOn && d < constitutedOn
              ? 'La fecha no puede ser anterior a la constitución de tu empresa.'
              : d > today
                ? 'La fecha no puede ser futura.'
                : null;
        if (message) ctx.addIssue({ code: 'custom', message });
      }),
  });
}
