/** Dates as people in Chile read them, always in Santiago's time zone (the server's may differ). */

const ZONE = 'America/Santiago';

/** `22 de noviembre de 2026`. */
export function formatDate(value: string | Date): string {
  return new Date(value).toLocaleDateString('es-CL', {
    day: 'numeric',
    month: 'long',
    year: 'numeric',
    timeZone: ZONE,
  });
}

/** `22 de noviembre de 2026, 14:05` (`style: 'medium'`: `22 nov 2026, 14:05`). */
export function formatDateTime(value: string | Date, style: 'long' | 'medium' = 'long'): string {
  return new Date(value).toLocaleString('es-CL', {
    dateStyle: style,
    timeStyle: 'short',
    timeZone: ZONE,
  });
}
