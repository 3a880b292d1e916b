/** Formation steps the back office takes, for tests that need a constituted company. */
import { expect } from 'vitest';
import { ApiClient } from './http';

/** Takes company `id` to constituida as the staff would, on `constitutedOn` (never before it was sent). */
export async function constitute(
  url: string,
  staff: { email: string; password: string },
  id: number,
  constitutedOn: string,
): Promise<void> {
  const api = new ApiClient(url);
  const { token } = (
    await api.post('/api/users/login/', { email: staff.email, password: staff.password })
  ).body;
  const moves = [
    { status: 'en-revision', version: 1 },
    { status: 'en-notaria', version: 2 },
    {
      status: 'constituida',
      rut: '76.123.456-0',
      constituted_on: constitutedOn,
      registry_reference: 'RES-2026-1',
      version: 3,
    },
  ];
  for (const move of moves)
    expect((await api.patch(`/api/backoffice/companies/${id}/`, move, { token })).status).toBe(200);
}

/** The days every tax start refuses, a company's or a persona natural's, each with its message. */
export const BAD_TAX_START_DAYS: [unknown, string][] = [
  ['2026-02-30', 'Esa fecha no existe.'],
  ['2999-01-01', 'La fecha no puede ser futura.'],
  ['ayer', 'Escribe la fecha como día, mes y año.'],
  [7, 'Escribe la fecha en que iniciaste actividades.'],
];

/** Each of `days` is refused by `record` with a 400 and its message on `started_on`. */
export async function expectRefusedDays(
  record: (day: unknown) => Promise<{ status: number; body: any }>,
  days: [unknown, string][],
): Promise<void> {
  for (const [day, message] of days) {
    const refused = await record(day);
    expect(refused.status, String(day)).toBe(400);
    expect(refused.body.errors.started_on, String(day)).toEqual([message]);
  }
}
