/**
 * The tax start as a step of the journey (issue 50): a constituted company's owner gets its
 * deadline on the dashboard's path, its data for the SII as a PDF, and records the day it was
 * done (a real day, not before the constitution, not ahead); then the path goes on. Only once
 * constituted, only the owner. On PGlite and PostgreSQL.
 */
import { describe, expect, inject, it } from 'vitest';
import { chileDay, formatDate } from '@/lib/dates';
import { taxStartDeadline } from '@/lib/formation/tax-start';
import { PAYLOADS } from '../../fixtures/companies';
import { ApiClient } from '../../support/http';
import { BAD_TAX_START_DAYS, constitute, expectRefusedDays } from '../../support/formation';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const staff = inject('staff');
const today = chileDay();

describe.each(servers)('the tax start on $kind', ({ url }) => {
  it('shows the deadline, hands over the data, and records the day once constituted', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    const company = (await api.post('/api/companies/', PAYLOADS.spa, as)).body;
    const record = (started_on: unknown, t = token) =>
      api.put(`/api/companies/${company.id}/tax-start/`, { started_on }, { token: t });
    const pdf = () =>
      fetch(`${url}/api/companies/${company.id}/documents/inicio-de-actividades/`, {
        headers: { Authorization: `Token ${token}` },
      });

    const early = await record(today);
    expect(early.status).toBe(409);
    expect(early.body.message).toBe(
      'Podrás iniciar actividades cuando tu empresa esté constituida.',
    );
    expect((await pdf()).status).toBe(404);

    await constitute(url, staff, company.id, today);
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${token}` } }))
        .body as string;
    const deadline = formatDate(`${taxStartDeadline(today)}T12:00:00Z`);
    const waiting = await dashboard();
    expect(waiting).toContain('Inicia actividades en el SII');
    expect(waiting).toContain(`tienes hasta el ${deadline}`);
    expect(waiting).toContain(`/dashboard/formalizacion/${company.id}#inicio-actividades`);
    const sheet = await pdf();
    expect(sheet.status).toBe(200);
    expect(sheet.headers.get('content-type')).toBe('application/pdf');

    const other = await new ApiClient(url).register();
    expect((await record(today, other.token)).status).toBe(404);
    await expectRefusedDays(record, [
      ...BAD_TAX_START_DAYS,
      ['2020-01-01', 'La fecha no puede ser anterior a la constitución de tu empresa.'],
    ]);

    const recorded = await record(today);
    expect(recorded.status).toBe(200);
    expect(recorded.body).toEqual({ started_on: today });
    expect((await api.get(`/api/companies/${company.id}/`, as)).body.activities_started_on).toBe(
      today,
    );
    // The path goes on; the kept dashboard was not kept past the change.
    expect(await dashboard()).not.toContain('Inicia actividades en el SII');
  });
});
