/**
 * The dashboard's next best step, on PGlite and PostgreSQL: it follows the seller's data, from a
 * new account to a canvas started to an order waiting, and the kept dashboard never shows an
 * old step.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('the next step on $kind', ({ url }) => {
  it('changes as the seller advances', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${token}` } })).body;
    const step = (html: string) => /<h2 id="siguiente-paso"[^>]*>([^<]+)<\/h2>/.exec(html)?.[1];
    const stage = (html: string) =>
      /<li class="[^"]*" aria-current="step">\s*([^<]+?)\s*<\/li>/.exec(html)?.[1];

    const fresh = await dashboard();
    expect(step(fresh)).toBe('Ordena tu idea');
    expect(stage(fresh)).toBe('Idea');
    expect(fresh).toContain('href="/canvas" class="btn-primary"');

    await api.post('/api/canvases/', { title: 'Mi taller' }, { token });
    const started = await dashboard();
    expect(step(started)).toBe('Completa tu modelo de negocio');
    expect(stage(started)).toBe('Canvas');

    // A buyer's order comes first, whatever the stage.
    const { product } = await openShop(api, token);
    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);
    const waiting = await dashboard();
    expect(step(waiting)).toBe('Tienes 1 orden por atender');
    expect(stage(waiting)).toBe('Primera venta');
    expect(waiting).toContain('href="/ordenes" class="btn-primary"');
  });

  it('offers two tracks; a seller who says they sell with their own RUN skips the company', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${token}` } })).body;
    const step = (html: string) => /<h2 id="siguiente-paso"[^>]*>([^<]+)<\/h2>/.exec(html)?.[1];
    await filledCanvas(api, token, 'Panadería', FINISHED_CANVAS);
    const choosing = await dashboard();
    expect(step(choosing)).toBe('Elige cómo vas a vender');
    expect(choosing).toContain('Vende ya como persona natural');

    const identity = { name: 'Pan de Rosa', legal_address: 'Av. Italia 1234, Ñuñoa' };
    const saved = await api.patch(
      '/api/store/',
      { ...identity, legal_name: 'Rosa Muñoz Pérez', legal_rut: '12.345.678-5', version: 0 },
      { token },
    );
    expect(saved.status).toBe(200);
    // Selling with their own RUN, they start activities with it first.
    expect(step(await dashboard())).toBe('Inicia actividades en el SII');
    await api.put('/api/store/tax-start/', { started_on: '2025-08-01' }, { token });
    expect(step(await dashboard())).toBe('Publica tu primer producto');

    // A company's RUT (76.xxx.xxx): its track is the company's.
    await api.patch(
      '/api/store/',
      {
        legal_name: 'Panadería Rosa SpA',
        legal_rut: '76.543.210-3',
        legal_representative: 'Rosa Muñoz Pérez',
        version: saved.body.version,
      },
      { token },
    );
    expect(step(await dashboard())).toBe('Elige cómo vas a vender');
  });
});
