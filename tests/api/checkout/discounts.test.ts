/**
 * Discount codes on PGlite and PostgreSQL: the seller's CRUD (`/api/discounts/`, ownership 404,
 * versions 409, Spanish messages), the server's pricing (percent, amount, minimum, dates, limited
 * to a category), uses counted atomically (parallel checkouts never pass the limit, a buyer's own
 * limit), and a cancelled order giving its use back.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });

async function shop(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  const as = { token };
  await api.patch(
    '/api/store/',
    { ...SELLER_IDENTITY, name: 'Greda', transfer_details: 'Banco 1', version: 0 },
    as,
  );
  const tazas = (await api.post('/api/categories/', { name: 'Tazas' }, as)).body;
  const taza = (
    await api.post(
      '/api/products/',
      { name: 'Taza', price: 10000, category: tazas.id, published: true },
      as,
    )
  ).body;
  const plato = (
    await api.post('/api/products/', { name: 'Plato', price: 5000, published: true }, as)
  ).body;
  const code = async (body: Record<string, unknown>) => {
    const made = await api.post('/api/discounts/', { kind: 'percent', value: 10, ...body }, as);
    expect(made.status).toBe(201);
    return made.body;
  };
  const order = (discount_code: string, email = uniqueEmail('camila'), items = [taza, plato]) =>
    new ApiClient(url).post('/api/orders/', {
      items: items.map((p) => ({ product: p.id, quantity: 1 })),
      buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
      discount_code,
    });
  return { api, as, tazas, taza, plato, code, order };
}

describe.each(servers)('discount codes on $kind', ({ url }) => {
  describe('a discount code', () => {
    let mine: Awaited<ReturnType<typeof shop>>;
    let made: any;
    beforeAll(async () => {
      mine = await shop(url);
    });

    it('is refused in Spanish with a bad code, percentage or dates', async () => {
      const bad = await mine.api.post(
        '/api/discounts/',
        {
          code: 'a b',
          kind: 'percent',
          value: 150,
          starts_at: '2026-12-10',
          ends_at: '2026-12-01',
        },
        mine.as,
      );
      expect(bad.status).toBe(400);
      expect(bad.body.errors).toMatchObject({
        code: ['Usa de 3 a 30 letras, números o guiones, como VERANO-10.'],
        value: ['Un porcentaje va de 1 a 100.'],
        ends_at: ['La fecha de término debe ser después de la de inicio.'],
      });
    });

    it('is kept in capitals, active, until the whole last day in Chile', async () => {
      made = await mine.code({ code: 'verano-10', ends_at: '2026-12-31' });
      expect(made).toMatchObject({
        code: 'VERANO-10',
        kind: 'percent',
        value: 10,
        uses: 0,
        version: 1,
        state: 'activo',
      });
      // Summer time: UTC−3.
      expect(made.ends_at).toBe('2027-01-01T02:59:59.999Z');
    });

    it('is refused a second time, in any capitals, and listed once', async () => {
      const twice = await mine.api.post(
        '/api/discounts/',
        { code: 'Verano-10', kind: 'amount', value: 1 },
        mine.as,
      );
      expect(twice.status).toBe(409);
      expect(twice.body.errors.code).toEqual(['Ya tienes un código VERANO-10: elige otro.']);
      expect((await mine.api.get('/api/discounts/', mine.as)).body.results).toHaveLength(1);
    });

    it('is refused when created already over, so it is never listed «Activo»', async () => {
      const ended = await mine.api.post(
        '/api/discounts/',
        { code: 'PASADO', kind: 'percent', value: 10, ends_at: '2020-01-31' },
        mine.as,
      );
      expect(ended.status).toBe(400);
      expect(ended.body.errors.ends_at).toEqual([
        'Esa fecha de término ya pasó: elige hoy o una fecha futura.',
      ]);
    });

    it('is «programado» before its first day, and «activo» with uses left', async () => {
      expect((await mine.code({ code: 'NAVIDAD', starts_at: '2099-12-20' })).state).toBe(
        'programado',
      );
      expect((await mine.code({ code: 'UNA-VEZ', max_uses: 1 })).state).toBe('activo');
    });

    it('is paused by version; a stale edit is a 409 with the stored copy', async () => {
      const path = `/api/discounts/${made.id}/`;
      const paused = await mine.api.patch(path, { active: false, version: 1 }, mine.as);
      expect(paused.body).toMatchObject({ active: false, version: 2 });
      const stale = await mine.api.patch(path, { value: 20, version: 1 }, mine.as);
      expect(stale.status).toBe(409);
      expect(stale.body.current).toMatchObject({ active: false, version: 2 });
    });

    it('is a 404 to another seller and a 401 to nobody', async () => {
      const stranger = new ApiClient(url);
      const other = { token: (await stranger.register()).token };
      const path = `/api/discounts/${made.id}/`;
      expect((await stranger.get(path, other)).status).toBe(404);
      expect((await stranger.patch(path, { value: 99, version: 2 }, other)).status).toBe(404);
      expect((await stranger.delete(path, other)).status).toBe(404);
      expect((await new ApiClient(url).get('/api/discounts/')).status).toBe(401);
    });

    it('is gone once deleted', async () => {
      expect((await mine.api.delete(`/api/discounts/${made.id}/`, mine.as)).status).toBe(200);
      expect((await mine.api.get(`/api/discounts/${made.id}/`, mine.as)).status).toBe(404);
    });
  });

  it('prices codes on the server: percent, amount, minimum, dates, a category only', async () => {
    const { api, as, tazas, code, order } = await shop(url);
    await code({ code: 'DIEZ' });
    await code({ code: 'TRES-MIL', kind: 'amount', value: 3000, min_subtotal: 20000 });
    await code({ code: 'TAZAS', value: 50, category_ids: [tazas.id] });
    // A code cannot be created already over; one that ran out since is refused at checkout.
    const viejo = await code({ code: 'VIEJO' });
    const over = await api.patch(
      `/api/discounts/${viejo.id}/`,
      { ends_at: '2020-01-31', version: 1 },
      as,
    );
    expect(over.body).toMatchObject({ state: 'vencido' });
    const paused = await code({ code: 'PAUSA' });
    await api.patch(`/api/discounts/${paused.id}/`, { active: false, version: 1 }, as);

    const detail = async (res: { status: number; body: { id: number } }) => {
      expect(res.status).toBe(201);
      return (await api.get(`/api/orders/${res.body.id}/`, as)).body;
    };
    expect(await detail(await order('diez'))).toMatchObject({
      subtotal: 15000,
      total: 13500,
      discount: { code: 'DIEZ', amount: 1500 },
    });
    expect(await detail(await order('TAZAS'))).toMatchObject({
      total: 10000,
      discount: { code: 'TAZAS', amount: 5000 },
    });
    const low = await order('TRES-MIL');
    expect(low.status).toBe(400);
    expect(low.body.errors.discount_code).toEqual([
      'El código TRES-MIL es para compras desde $20.000.',
    ]);
    for (const gone of ['VIEJO', 'PAUSA', 'NO-EXISTE'])
      expect((await order(gone)).body.errors.discount_code).toEqual([
        'Ese código no existe o ya no está vigente.',
      ]);
    const list = (await api.get('/api/discounts/', as)).body.results;
    expect(list.find((d: { code: string }) => d.code === 'DIEZ')).toMatchObject({
      uses: 1,
      revenue: 13500,
    });
  });

  it('counts uses atomically: the last use goes to one buyer; a cancel gives it back', async () => {
    const { api, as, code, order } = await shop(url);
    const last = await code({ code: 'ULTIMO', max_uses: 1 });
    const tries = await Promise.all(Array.from({ length: 6 }, () => order('ULTIMO')));
    expect(tries.filter((r) => r.status === 201)).toHaveLength(1);
    const refused = tries.filter((r) => r.status === 409);
    expect(refused).toHaveLength(5);
    expect(refused[0]!.body.errors.discount_code).toEqual([
      'Ese código ya se usó todas las veces permitidas.',
    ]);
    expect((await api.get(`/api/discounts/${last.id}/`, as)).body.uses).toBe(1);

    // The seller cancels that order: the use comes back and another buyer takes it.
    const won = tries.find((r) => r.status === 201)!.body;
    const placed = (await api.get(`/api/orders/${won.id}/`, as)).body;
    expect(
      (
        await api.patch(
          `/api/orders/${won.id}/`,
          { status: 'cancelado', version: placed.version },
          as,
        )
      ).status,
    ).toBe(200);
    expect((await api.get(`/api/discounts/${last.id}/`, as)).body).toMatchObject({
      uses: 0,
      revenue: 0,
    });
    expect((await order('ULTIMO')).status).toBe(201);

    await code({ code: 'UNA-VEZ', max_uses_per_buyer: 1 });
    const email = uniqueEmail('rosa');
    expect((await order('UNA-VEZ', email)).status).toBe(201);
    const again = await order('una-vez', email.toUpperCase());
    expect(again.status).toBe(409);
    expect(again.body.errors.discount_code).toEqual(['Ya usaste el código UNA-VEZ.']);
  });
});
