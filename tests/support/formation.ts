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
