/**
 * The back office on PGlite and PostgreSQL: staff only (everyone else gets a 404, pages and API
 * alike; the API cannot make anyone staff), the queue with counts, and the status machine:
 * enviado → en revisión → observada → en revisión → en firma → constituida, each move at the
 * version the staff saw, recorded with who and why, and mailed to the user; refused moves in
 * Spanish.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { chileDay } from '@/lib/dates';
import { PAYLOADS } from '../../fixtures/companies';
import { ApiClient, uniqueEmail } from '../../support/http';
import { pdfText } from '../../support/pdf';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

/** The company is constituted the day it is sent: never before (the back office refuses that). */
const today = chileDay();

const servers = claimServers();
const mailDir = inject('mailDir');
const staff = inject('staff');

async function staffClient(url: string) {
  const api = new ApiClient(url);
  const login = await api.post('/api/users/login/', {
    email: staff.email,
    password: staff.password,
  });
  expect(login.status).toBe(200);
  return { api, token: login.body.token as string };
}

describe.each(servers)('the back office on $kind', ({ url }) => {
  it('is a 404 for a user, signed out or not, and no API makes anyone staff', async () => {
    const user = new ApiClient(url);
    const { token } = await user.register();
    const as = { token };
    expect((await user.get('/api/backoffice/companies/', as)).status).toBe(404);
    expect((await user.get('/api/backoffice/companies/1/', as)).status).toBe(404);
    expect(
      (await user.patch('/api/backoffice/companies/1/', { status: 'en-revision', version: 1 }, as))
        .status,
    ).toBe(404);
    expect((await new ApiClient(url).get('/api/backoffice/companies/')).status).toBe(404);
    const page = await user.get('/backoffice', { headers: { Cookie: `impulsa_session=${token}` } });
    expect(page.status).toBe(404);
    // A profile update cannot carry a role.
    await user.patch(
      '/api/users/me/',
      { full_name: 'Ana Rojas', is_staff: true, role: 'staff' },
      as,
    );
    expect((await user.get('/api/backoffice/companies/', as)).status).toBe(404);
  });

  describe('a company from enviado to constituida, each step recorded and mailed', () => {
    const email = uniqueEmail('valentina');
    const user = new ApiClient(url);
    let token: string;
    let id: number;
    let staffApi: ApiClient;
    let as: { token: string };
    const move = (body: Record<string, unknown>) =>
      staffApi.patch(`/api/backoffice/companies/${id}/`, body, as);
    const correct = (body: Record<string, unknown>) =>
      user.patch(`/api/companies/${id}/`, body, { token });

    beforeAll(async () => {
      ({ token } = await user.register({ email, full_name: 'Valentina Muñoz Rojas' }));
      const sent = await user.post('/api/companies/', PAYLOADS.spa, { token });
      expect(sent.status).toBe(201);
      id = sent.body.id as number;
      const staffSide = await staffClient(url);
      staffApi = staffSide.api;
      as = { token: staffSide.token };
    });

    it('shows the sent company in the staff’s queue, enviado at version 1', async () => {
      const queue = await staffApi.get('/api/backoffice/companies/?status=enviado', as);
      expect(queue.status).toBe(200);
      expect(queue.body.counts.enviado).toBeGreaterThanOrEqual(1);
      expect(queue.body.results.map((c: { id: number }) => c.id)).toContain(id);
      expect((await staffApi.get(`/api/backoffice/companies/${id}/`, as)).body).toMatchObject({
        status: 'enviado',
        version: 1,
        user: { name: 'Valentina Muñoz Rojas', email },
      });
    });

    it('refuses to skip a step, then takes it to revisión and mails the person', async () => {
      expect((await move({ status: 'constituida', version: 1 })).status).toBe(400);
      expect((await move({ status: 'en-revision', version: 1 })).status).toBe(200);
      await waitForMailWith(mailDir, email, 'Estamos revisando los datos de', decodedMail);
    });

    it('refuses a stale move, and an observation without note, fields or with unknown ones', async () => {
      const stale = await move({
        status: 'observado',
        note: 'x',
        fields: ['businessDescription'],
        version: 1,
      });
      expect(stale.status).toBe(409);
      const noNote = await move({ status: 'observado', version: 2 });
      expect(noNote.status).toBe(400);
      expect(noNote.body.errors).toMatchObject({
        note: ['Escribe qué hay que corregir: se lo enviamos a la persona.'],
        fields: ['Nombra al menos un campo a corregir.'],
      });
      const unknownField = await move({
        status: 'observado',
        note: 'x',
        fields: ['giro'],
        version: 2,
      });
      expect(unknownField.status).toBe(400);
      expect(Object.values(unknownField.body.errors).flat()).toContain(
        'Elige los campos de la lista.',
      );
    });

    it('observes named fields and mails the person what to fix, with the link', async () => {
      const company = (
        await move({
          status: 'observado',
          note: 'El giro debe ser el del SII.',
          fields: ['businessDescription', 'tributaryAddress'],
          version: 2,
        })
      ).body;
      expect(company).toMatchObject({
        status: 'observado',
        observed_fields: ['businessDescription', 'tributaryAddress'],
      });
      const observed = await waitForMailWith(mailDir, email, 'Campos a corregir', decodedMail);
      expect(observed).toContain('Necesitamos que corrijas algunos datos');
      expect(observed).toContain('Giro (objeto)');
      expect(observed).toContain('Domicilio tributario');
      expect(observed).toContain('El giro debe ser el del SII.');
      expect(observed).toContain(`/dashboard/formalizacion/${id}`);
    });

    it('refuses a bad correction in Spanish, and one on a stale version', async () => {
      const bad = await correct({ version: 3, businessDescription: 'corto' });
      expect(bad.status).toBe(400);
      expect(bad.body.errors.businessDescription[0]).toMatch(/al menos 10/);
      const stale = await correct({ version: 2, businessDescription: 'Panadería artesanal' });
      expect(stale.status).toBe(409);
    });

    it('changes only the observed fields, and sends the company back to revisión', async () => {
      const corrected = await correct({
        version: 3,
        businessDescription: 'Elaboración de pan amasado y pasteles',
        tributaryAddress: { ...PAYLOADS.spa.tributaryAddress, calle: 'Av. Italia', numero: '1550' },
        companyName: 'Otra SpA',
      });
      expect(corrected.status).toBe(200);
      expect(corrected.body).toMatchObject({
        status: 'en-revision',
        companyName: PAYLOADS.spa.companyName,
        observed_fields: [],
        version: 4,
        payload: {
          businessDescription: 'Elaboración de pan amasado y pasteles',
          tributaryAddress: { calle: 'Av. Italia', numero: '1550' },
        },
      });
      expect((await correct({ version: 4, businessDescription: 'De nuevo' })).status).toBe(409);
    });

    it('mails the staff what the person corrected', async () => {
      // The mail names the person in its Reply-To, which tells this run's mail from the others'.
      const toStaff = await waitForMailWith(mailDir, staff.email, email, decodedMail);
      expect(toStaff).toContain('Corregida:');
      expect(toStaff).toContain('Valentina Muñoz Rojas corrigió los datos');
      expect(toStaff).toContain('Giro (objeto)');
      expect(toStaff).toContain(`/backoffice/empresas/${id}`);
    });

    it('refuses a constitution without a valid RUT, day and registry reference', async () => {
      await move({ status: 'en-notaria', version: 4 });
      await waitForMailWith(mailDir, email, 'están listos para firmar', decodedMail);
      const badRut = await move({
        status: 'constituida',
        rut: '77.123.456-0',
        constituted_on: '25-11-2026',
        version: 5,
      });
      expect(badRut.body.errors).toMatchObject({
        rut: ['Escribe el RUT de la empresa, por ejemplo 77.123.456-7.'],
        constituted_on: ['Escribe la fecha de constitución como 2026-11-25.'],
        registry_reference: ['Escribe la referencia del Registro de Empresas y Sociedades.'],
      });
    });

    it.each([
      ['2020-01-01', /no puede ser anterior al envío de la solicitud/],
      ['2099-01-01', /no puede ser futura/],
    ] as const)('refuses a constitution dated %s', async (day, message) => {
      const refused = await move({
        status: 'constituida',
        rut: '761234560',
        constituted_on: day,
        registry_reference: 'RES-2026-118822',
        version: 5,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.constituted_on[0]).toMatch(message);
    });

    it('constitutes it, records who moved each step, and mails the RUT', async () => {
      const company = (
        await move({
          status: 'constituida',
          rut: '761234560',
          constituted_on: today,
          registry_reference: 'RES-2026-118822',
          version: 5,
        })
      ).body;
      expect(company).toMatchObject({
        status: 'constituida',
        rut: '76.123.456-0',
        constituted_on: today,
        registry_reference: 'RES-2026-118822',
        version: 6,
      });
      expect(
        company.history.map((h: { status: string; by: string | null }) => [h.status, h.by]),
      ).toEqual([
        ['constituida', 'Rosa Equipo'],
        ['en-notaria', 'Rosa Equipo'],
        ['en-revision', 'Valentina Muñoz Rojas'],
        ['observado', 'Rosa Equipo'],
        ['en-revision', 'Rosa Equipo'],
        ['enviado', null],
      ]);
      await waitForMailWith(mailDir, email, 'RUT de la empresa: 76.123.456-0', decodedMail);
    });

    it('moves no further once constituted, and the person sees it constituted', async () => {
      expect((await move({ status: 'rechazada', note: 'x', version: 6 })).status).toBe(400);
      expect((await user.get(`/api/companies/${id}/`, { token })).body.status).toBe('constituida');
    });
  });

  it('serves the statutes and data sheet to the owner and the staff, and a 404 to anyone else', async () => {
    const owner = new ApiClient(url);
    const { token } = await owner.register();
    const sent = await owner.post('/api/companies/', PAYLOADS.ltda, { token });
    const id = sent.body.id as number;
    const { token: staffToken } = await staffClient(url);
    const { token: otherToken } = await new ApiClient(url).register();
    const fetchAs = (path: string, as?: string) =>
      fetch(url + path, { headers: as ? { Authorization: `Token ${as}` } : {} });

    const statutes = await fetchAs(`/api/companies/${id}/documents/estatutos/`, token);
    expect(statutes.status).toBe(200);
    expect(statutes.headers.get('content-type')).toBe('application/pdf');
    expect(statutes.headers.get('content-disposition')).toBe(
      'inline; filename="estatutos-cafe-del-puerto-limitada.pdf"',
    );
    const text = await pdfText(new Uint8Array(await statutes.arrayBuffer()));
    expect(text).toContain('se denominará «Café del Puerto Limitada»');
    expect(text).toContain('María José Soto Pérez aporta $500.000');

    const sheet = await fetchAs(
      `/api/backoffice/companies/${id}/documents/ficha-de-datos/`,
      staffToken,
    );
    expect(sheet.status).toBe(200);
    expect(await pdfText(new Uint8Array(await sheet.arrayBuffer()))).toContain(
      '107100 – Elaboración de productos de panadería y pastelería',
    );

    for (const [path, as] of [
      [`/api/companies/${id}/documents/estatutos/`, otherToken],
      [`/api/companies/${id}/documents/estatutos/`, undefined],
      [`/api/companies/${id}/documents/contrato/`, token],
      [`/api/backoffice/companies/${id}/documents/estatutos/`, token],
      [`/api/backoffice/companies/${id}/documents/estatutos/`, otherToken],
      [`/api/backoffice/companies/999999999/documents/estatutos/`, staffToken],
    ] as const) {
      const res = await fetchAs(path, as);
      expect([path, as === undefined ? 'signed out' : '', res.status]).toEqual([
        path,
        as === undefined ? 'signed out' : '',
        as === undefined ? 401 : 404,
      ]);
    }
  });

  it('filters the queue by type and by words, counts what matches, and pages it', async () => {
    const owner = new ApiClient(url);
    const { token } = await owner.register({ full_name: 'Ignacia Pérez' });
    const word = `Quillota${Math.random().toString(36).slice(2, 8)}`;
    for (const name of [`${word} SpA`, `${word} Dos SpA`])
      expect(
        (await owner.post('/api/companies/', { ...PAYLOADS.spa, companyName: name }, { token }))
          .status,
      ).toBe(201);
    const { api, token: staffToken } = await staffClient(url);
    const queue = async (query: string) =>
      (await api.get(`/api/backoffice/companies/?${query}`, { token: staffToken })).body;

    const found = await queue(`q=${word.toLowerCase()}`);
    expect(found.results.map((c: { company_name: string }) => c.company_name)).toEqual([
      `${word} SpA`,
      `${word} Dos SpA`,
    ]);
    expect(found).toMatchObject({ counts: { enviado: 2 }, total: 2, page: 1, pages: 1 });
    expect((await queue(`q=${word}&type=ltda`)).total).toBe(0);
    expect((await queue(`q=${word}&status=constituida`)).results).toEqual([]);
    // A % typed is a percent sign, not "anything".
    expect((await queue('q=%25')).total).toBe(0);
    const paged = await queue('page=1');
    expect(paged.pages).toBe(Math.max(1, Math.ceil(paged.total / 25)));
    expect(paged.results.length).toBe(Math.min(25, paged.total));
  });
});
