/** Dates as people in Chile read them, always in Santiago's time zone (the server's may differ). */

const ZONE = 'America/Santiago';

// Formatters made once: `toLocaleString` builds a new one at every call (41 µs each, a third of
// the time of a list of 20 customers with two dates each).
const DATE = new Intl.DateTimeFormat('es-CL', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: ZONE,
});
// The 24-hour clock, as Chile writes the time (`a las 14:05`): `2:05 p. m.` also ended every
// sentence it closed with a double period.
const DATE_TIME = {
  long: new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'long',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: ZONE,
  }),
  medium: new Intl.DateTimeFormat('es-CL', {
    dateStyle: 'medium',
    timeStyle: 'short',
    hourCycle: 'h23',
    timeZone: ZONE,
  }),
};
const OFFSET = new Intl.DateTimeFormat('en-US', { timeZone: ZONE, timeZoneName: 'shortOffset' });
const SHORT_DAY = new Intl.DateTimeFormat('es-CL', {
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** `22 de noviembre de 2026`. */
export function formatDate(value: string | Date): string {
  return DATE.format(new Date(value));
}

/** A calendar day (`2026-11-22`) as `22 de noviembre de 2026`: noon UTC is that day in Santiago. */
export function formatDay(day: string): string {
  return DATE.format(new Date(`${day}T12:00:00Z`));
}

/** `22 de noviembre de 2026, 14:05` (`style: 'medium'`: `22 nov 2026, 14:05`). */
export function formatDateTime(value: string | Date, style: 'long' | 'medium' = 'long'): string {
  return DATE_TIME[style].format(new Date(value));
}

/** Santiago's offset from UTC at `instant`, in minutes (−180 in summer, −240 in winter). */
function santiagoOffset(instant: Date): number {
  const name = OFFSET.formatToParts(instant).find((p) => p.type === 'timeZoneName')!.value;
  const match = /GMT([+-])(\d{1,2})(?::(\d{2}))?/.exec(name);
  if (!match) return 0;
  return (match[1] === '-' ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3] ?? 0));
}

/**
 * `instant` as Santiago's clock shows it, in ISO 8601 with its offset (`2026-11-25T23:30:00-03:00`):
 * what a person in Chile reads in a file, and a program still parses.
 */
export function chileTimestamp(instant: Date): string {
  const offset = santiagoOffset(instant);
  const wall = new Date(instant.getTime() + offset * 60_000).toISOString().slice(0, 19);
  const hours = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
  const minutes = String(Math.abs(offset) % 60).padStart(2, '0');
  return `${wall}${offset < 0 ? '-' : '+'}${hours}:${minutes}`;
}

/** The first (`start`) or last (`end`) moment of a calendar day (`2026-12-31`) in Santiago. */
export function chileDayEdge(day: string, edge: 'start' | 'end'): Date {
  const wall = Date.parse(`${day}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}Z`);
  const offset = santiagoOffset(new Date(wall));
  return new Date(wall - offset * 60_000);
}

const DAY_FORMAT = new Intl.DateTimeFormat('en-CA', {
  timeZone: ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** The calendar day in Santiago at `instant`, as `2026-11-25`. */
export function chileDay(instant: Date | number = Date.now()): string {
  return DAY_FORMAT.format(instant);
}

/** `day` moved by `delta` calendar days (`2026-11-25`, −1 → `2026-11-24`). */
export function addDays(day: string, delta: number): string {
  const at = new Date(`${day}T12:00:00Z`);
  at.setUTCDate(at.getUTCDate() + delta);
  return at.toISOString().slice(0, 10);
}

/** A calendar day (`2026-11-25`) as `25 nov`. */
export function formatShortDay(day: string): string {
  return SHORT_DAY.format(new Date(`${day}T12:00:00Z`));
}
