/**
 * The back office on PGlite and PostgreSQL: staff only (everyone else gets a 404, pages and API
 * alike; the API cannot make anyone staff), the queue with counts, and the status machine:
 * enviado → en revisión → observada → en revisión → en firma → constituida, each move at the
 * version the staff saw, recorded with who and why, and mailed to the user; refused moves in
 * Spanish.
 */
import { describe, expect, inject, it } from 'vitest';
import { chileDay } from '@/lib/dates';
import { PAYLOADS } from '../../fixtures/companies';
import { ApiClient, uniqueEmail } from '../../support/http';
import { pdfText } from '../../support/pdf';
import { decodedMail, waitForMailWith } from '../../support/smtp';

/** The company is constituted the day it is sent: never before (the back office refuses that). */
const today = chileDay();

const servers = inject('servers');
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

  it('takes a company from enviado to constituida, recording and mailing each step', async () => {
    const email = uniqueEmail('valentina');
    const user = new ApiClient(url);
    const { token } = await user.register({ email, full_name: 'Valentina Muñoz Rojas' });
    const sent = await user.post('/api/companies/', PAYLOADS.spa, { token });
    expect(sent.status).toBe(201);
    const id = sent.body.id as number;
    const { api, token: staffToken } = await staffClient(url);
    const as = { token: staffToken };

    const queue = await api.get('/api/backoffice/companies/?status=enviado', as);
    expect(queue.status).toBe(200);
    expect(queue.body.counts.enviado).toBeGreaterThanOrEqual(1);
    expect(queue.body.results.map((c: { id: number }) => c.id)).toContain(id);

    const move = (body: Record<string, unknown>) =>
      api.patch(`/api/backoffice/companies/${id}/`, body, as);
    let company = (await api.get(`/api/backoffice/companies/${id}/`, as)).body;
    expect(company).toMatchObject({
      status: 'enviado',
      version: 1,
      user: { name: 'Valentina Muñoz Rojas', email },
    });

    const skip = await move({ status: 'constituida', version: 1 });
    expect(skip.status).toBe(400);
    expect((await move({ status: 'en-revision', version: 1 })).status).toBe(200);
    await waitForMailWith(mailDir, email, 'Estamos revisando los datos de', decodedMail);
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
    company = (
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

    // The person corrects: only the observed fields change; a bad value is refused in Spanish.
    const correct = (body: Record<string, unknown>) =>
      user.patch(`/api/companies/${id}/`, body, { token });
    const bad = await correct({ version: 3, businessDescription: 'corto' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.businessDescription[0]).toMatch(/al menos 10/);
    expect((await correct({ version: 2, businessDescription: 'Panadería artesanal' })).status).toBe(
      409,
    );
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
    // The mail names the person in its Reply-To, which tells this run's mail from the others'.
    const toStaff = await waitForMailWith(mailDir, staff.email, email, decodedMail);
    expect(toStaff).toContain('Corregida:');
    expect(toStaff).toContain('Valentina Muñoz Rojas corrigió los datos');
    expect(toStaff).toContain('Giro (objeto)');
    expect(toStaff).toContain(`/backoffice/empresas/${id}`);

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
    // Not before the request was sent, nor in the future.
    for (const [day, message] of [
      ['2020-01-01', /no puede ser anterior al envío de la solicitud/],
      ['2099-01-01', /no puede ser futura/],
    ] as const) {
      const refused = await move({
        status: 'constituida',
        rut: '761234560',
        constituted_on: day,
        registry_reference: 'RES-2026-118822',
        version: 5,
      });
      expect(refused.status).toBe(400);
      expect(refused.body.errors.constituted_on[0]).toMatch(message);
    }
    company = (
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
    // Final: nothing moves it any more.
    expect((await move({ status: 'rechazada', note: 'x', version: 6 })).status).toBe(400);
    // The user sees the new status on their own company.
    expect((await user.get(`/api/companies/${id}/`, { token })).body.status).toBe('constituida');
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
