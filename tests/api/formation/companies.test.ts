import { describe, expect, it } from 'vitest';
import { PAYLOADS, partner } from '../../fixtures/companies';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('companies on $kind', ({ url }) => {
  it.each(['spa', 'ltda', 'eirl'] as const)(
    'a valid %s is stored as enviado with a timestamp and its history',
    async (type) => {
      const api = new ApiClient(url);
      const { token } = await api.register();
      const res = await api.post('/api/companies/', PAYLOADS[type], { token });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({
        id: expect.any(Number),
        type,
        status: 'enviado',
        companyName: PAYLOADS[type].companyName,
      });
      expect(Date.parse(res.body.created_at)).toBeGreaterThan(Date.now() - 60_000);
      expect(res.body.history).toEqual([
        { status: 'enviado', note: expect.any(String), created_at: expect.any(String) },
      ]);
      const { type: _t, ...payload } = PAYLOADS[type];
      expect(res.body.payload).toEqual(payload);
      const again = await api.get(`/api/companies/${res.body.id}/`, { token });
      expect(again.body).toEqual(res.body);
    },
  );

  it('stores the chosen virtual-office plan', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const plans = await api.get('/api/formation/vo-plans/', { token });
    expect(plans.body.results).toHaveLength(3);
    expect(plans.body.results[0]).toEqual({
      id: 1,
      name: expect.any(String),
      price_clp: expect.any(Number),
      features: expect.any(Array),
    });
    const res = await api.post('/api/companies/', { ...PAYLOADS.spa, voplan: 2 }, { token });
    expect(res.body.voplan).toMatchObject({ id: 2 });
    const bad = await api.post('/api/companies/', { ...PAYLOADS.spa, voplan: 99 }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.errors.voplan[0]).toMatch(/no existe/);
  });

  it('answers the spec type errors with 400', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const { type: _t, ...withoutType } = PAYLOADS.spa;
    expect((await api.post('/api/companies/', withoutType, { token })).body.message).toBe(
      'Business model type is required',
    );
    const bad = await api.post('/api/companies/', { ...PAYLOADS.spa, type: 'sa' }, { token });
    expect(bad.status).toBe(400);
    expect(bad.body.message).toBe('Invalid business model type: sa');
    expect((await api.get('/api/companies/drafts/xyz/', { token })).body.message).toBe(
      'Invalid business model type: xyz',
    );
  });

  it('reports each validation error by payload field, in Spanish', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const cases: [Record<string, unknown>, string, RegExp][] = [
      [{ ...PAYLOADS.spa, companyName: 'Panadería Las Rosas' }, 'companyName', /terminar en "SpA"/],
      [{ ...PAYLOADS.ltda, companyName: 'Café del Puerto' }, 'companyName', /Limitada/],
      [
        { ...PAYLOADS.eirl, companyName: 'Panadería E.I.R.L.' },
        'companyName',
        /nombre y apellido de su titular/,
      ],
      [
        {
          ...PAYLOADS.spa,
          tributaryAddress: { ...PAYLOADS.spa.tributaryAddress, comuna: 'Viña del Mar' },
        },
        'tributaryAddress.comuna',
        /no pertenece a la región/,
      ],
      [{ ...PAYLOADS.spa, businessDescription: 'corto' }, 'businessDescription', /al menos 10/],
      [{ ...PAYLOADS.spa, activityCodes: [] }, 'activityCodes', /al menos una actividad/],
      [{ ...PAYLOADS.spa, activityCodes: ['999999'] }, 'activityCodes', /no están en la lista/],
      [{ ...PAYLOADS.spa, activityCodes: ['691002'] }, 'activityCodes', /segunda categoría/],
      [
        { ...PAYLOADS.spa, partnersInfo: [partner({ administra: false })] },
        'administra',
        /al menos una persona/,
      ],
      [
        {
          ...PAYLOADS.spa,
          totalShares: 3,
          partnersInfo: [
            partner({ participacion: 50 }),
            partner({ runRut: '8.765.432-K', participacion: 50 }),
          ],
        },
        'partnersInfo.0.participacion',
        /número entero/,
      ],
      [{ ...PAYLOADS.spa, capital: 'mucho' }, 'capital', /pesos/],
      [{ ...PAYLOADS.spa, duration: '0' }, 'duration', /entre 1 y 99/],
      [
        { ...PAYLOADS.spa, partnersInfo: [partner({ runRut: '12.345.678-9' })] },
        'partnersInfo.0.runRut',
        /dígito verificador/,
      ],
      [
        { ...PAYLOADS.spa, partnersInfo: [partner({ telefono: '123' })] },
        'partnersInfo.0.telefono',
        /teléfono chileno/,
      ],
      [
        { ...PAYLOADS.spa, partnersInfo: [partner({ participacion: 60 })] },
        'participacion',
        /sumar exactamente 100/,
      ],
      [{ ...PAYLOADS.ltda, partnersInfo: [partner()] }, 'partnersInfo', /al menos 2 socios/],
      [{ ...PAYLOADS.eirl, partnersInfo: [partner(), partner()] }, 'partnersInfo', /único titular/],
      [{ ...PAYLOADS.spa, canExpandActivity: 'quizás' }, 'canExpandActivity', /otros giros/],
      [
        { ...PAYLOADS.spa, partnersInfo: [partner({ estadoCivil: 'complicado' })] },
        'partnersInfo.0.estadoCivil',
        /estado civil/,
      ],
    ];
    for (const [body, field, message] of cases) {
      const res = await api.post('/api/companies/', body, { token });
      expect(res.status, field).toBe(400);
      expect(res.body.errors[field]?.join(' '), field).toMatch(message);
    }
    const shape = await api.post(
      '/api/companies/',
      { ...PAYLOADS.spa, partnersInfo: 'muchos' },
      { token },
    );
    expect(shape.status).toBe(400);
    expect((await api.get('/api/users/me/sent-companies', { token })).body.count).toBe(0);
  });

  it('another user gets 404, exactly as if it did not exist', async () => {
    const owner = new ApiClient(url);
    const { token } = await owner.register();
    const { id } = (await owner.post('/api/companies/', PAYLOADS.spa, { token })).body;
    const other = new ApiClient(url);
    const { token: otherToken } = await other.register();
    const theirs = await other.get(`/api/companies/${id}/`, { token: otherToken });
    const missing = await other.get('/api/companies/99999999/', { token: otherToken });
    expect(theirs.status).toBe(404);
    expect(theirs.body).toEqual(missing.body);
    expect((await other.get('/api/companies/abc/', { token: otherToken })).status).toBe(404);
    expect((await other.get(`/api/companies/${id}/`, { useCookies: false })).status).toBe(401);
    const page = await fetch(`${url}/dashboard/formalizacion/${id}`, {
      headers: { Authorization: `Token ${otherToken}` },
    });
    expect(page.status).toBe(404);
    expect(await page.text()).toContain(`Page Not Found: /dashboard/formalizacion/${id}`);
  });

  it('sent-companies: paginated newest first, with DRF page edges', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    for (let i = 1; i <= 12; i++)
      expect(
        (
          await api.post(
            '/api/companies/',
            { ...PAYLOADS.spa, companyName: `Empresa ${i} SpA` },
            { token },
          )
        ).status,
      ).toBe(201);
    const first = await api.get('/api/users/me/sent-companies?page=1', { token });
    expect(first.body.count).toBe(12);
    expect(first.body.results).toHaveLength(10);
    expect(first.body.results[0].companyName).toBe('Empresa 12 SpA');
    expect(first.body.previous).toBeNull();
    expect(first.body.next).toMatch(/sent-companies\?page=2$/);
    const second = await api.get('/api/users/me/sent-companies?page=2', { token });
    expect(second.body.results.map((c: { companyName: string }) => c.companyName)).toEqual([
      'Empresa 2 SpA',
      'Empresa 1 SpA',
    ]);
    expect(second.body.next).toBeNull();
    expect(second.body.previous).toMatch(/sent-companies$/);
    for (const bad of ['3', '0', '-1', 'x', '1.5']) {
      const res = await api.get(`/api/users/me/sent-companies?page=${bad}`, { token });
      expect(res.status, bad).toBe(404);
      expect(res.body).toEqual({ message: 'Página inválida.' });
    }
    const empty = new ApiClient(url);
    const { token: t2 } = await empty.register();
    expect((await empty.get('/api/users/me/sent-companies', { token: t2 })).body).toEqual({
      count: 0,
      next: null,
      previous: null,
      results: [],
    });
    expect((await empty.get('/api/users/me/sent-companies?page=2', { token: t2 })).status).toBe(
      404,
    );
  }, 60_000);

  it('drafts: saved per type with a version; a stale save is a 409; progress reflects them', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    expect((await api.get('/api/companies/drafts/spa/', { token })).body).toEqual({
      data: null,
      version: null,
      edited_at: null,
    });
    const edited = new Date().toISOString();
    const saved = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      body: { data: { companyName: 'Uno SpA' }, version: null, edited_at: edited },
    });
    expect(saved.body).toEqual({ data: { companyName: 'Uno SpA' }, version: 1, edited_at: edited });
    const stale = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      body: { data: { companyName: 'Dos SpA' }, version: null, edited_at: edited },
    });
    expect(stale.status).toBe(409);
    // The stored copy rides along, so the browser merges without another request.
    expect(stale.body.current).toEqual({
      data: { companyName: 'Uno SpA' },
      version: 1,
      edited_at: edited,
    });
    const next = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      body: { data: { companyName: 'Dos SpA' }, version: 1, edited_at: edited },
    });
    expect(next.body.version).toBe(2);
    expect(
      (await api.get('/api/users/me/progress/', { token })).body.data.modules.formalizacion,
    ).toEqual({ started: true, finished: false, href: '/modelo-de-negocio/spa' });
    expect(
      (
        await api.request('PUT', '/api/companies/drafts/spa/', {
          token,
          body: { data: 'x', version: 2, edited_at: edited },
        })
      ).status,
    ).toBe(400);
    const sent = await api.post('/api/companies/', PAYLOADS.spa, { token });
    expect((await api.get('/api/companies/drafts/spa/', { token })).body.data).toBeNull();
    // "Seguir con mi empresa" now opens the company just sent, not a blank form.
    expect(
      (await api.get('/api/users/me/progress/', { token })).body.data.modules.formalizacion,
    ).toEqual({ started: true, finished: true, href: `/dashboard/formalizacion/${sent.body.id}` });
  });
});
