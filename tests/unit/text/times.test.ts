/** Times as a Chilean reads them in a sentence (issue 63, item 13). */
import { describe, expect, it } from 'vitest';
import { formatDateTime } from '@/lib/dates';
import { holdSpan } from '@/lib/orders/mails.server';

describe('a time in a sentence', () => {
  it('is on the 24-hour clock, so a sentence after it ends with one period', () => {
    const at = formatDateTime('2026-11-27T14:53:00.000Z');
    expect(at).toBe('27 de noviembre de 2026 a las 11:53');
    expect(`Pediste retractarte el ${at}.`).not.toContain('..');
    expect(formatDateTime('2026-11-27T20:05:00.000Z', 'medium')).toMatch(/17:05$/);
  });
});

describe('holdSpan', () => {
  it.each([
    [30, '30 minutos'],
    [1, '1 minuto'],
    [0, '1 minuto'],
    [60, '1 hora'],
    [24 * 60, '24 horas'],
    [72 * 60, '72 horas'],
  ])('%i minutes → %s', (minutes, text) => {
    expect(holdSpan(minutes)).toBe(text);
  });
});
