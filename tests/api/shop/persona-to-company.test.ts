/**
 * The track «Vende ya como persona natural» and the switch to a company (issue 50): a persona
 * natural records their own tax start, and the path moves on; once the shop sells as a company,
 * each past order keeps who sold it (receipt, API, credit note), and a tax document goes out only
 * in the name of whoever sold. On PGlite and PostgreSQL, against the local OpenFactura.
 */
import { describe, expect, inject, it } from 'vitest';
import { chileDay } from '@/lib/dates';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { PAYLOADS } from '../../fixtures/companies';
import { BAD_TAX_START_DAYS, constitute, expectRefusedDays } from '../../support/formation';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { openShop, SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const staff = inject('staff');
const openfactura = openFacturaAt(inject('openfacturaUrl'));
const today = chileDay();
const PERSON = 'Vende Rosa Muñoz Pérez, RUT 12.345.678-5.';
const COMPANY = 'Vende Panadería Las Rosas SpA, RUT 76.123.456-0.';

/** The order once its document has settled (emitted or refused), as the seller reads it. */
async function settled(api: ApiClient, token: string, id: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const order = (await api.get(`/api/orders/${id}/`, { token })).body;
    const status = order.tax_document?.status;
    if (status === 'emitida' || status === 'fallida' || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(servers)('from persona natural to company on $kind', ({ url }) => {
  it('a persona natural records their own tax start, and the path moves on', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const as = { token };
    const record = (started_on: unknown) => api.put('/api/store/tax-start/', { started_on }, as);
    const dashboard = async () =>
      (await api.get('/dashboard', { headers: { Cookie: `impulsa_session=${token}` } }))
        .body as string;

    const nobody = await record(today);
    expect(nobody.status).toBe(409);
    expect(nobody.body.message).toMatch(/no vende como persona natural/);

    await openShop(api, token);
    await filledCanvas(api, token, 'Greda', FINISHED_CANVAS);
    expect((await api.get('/api/store/tax-start/', as)).body).toEqual({ started_on: null });
    const waiting = await dashboard();
    expect(waiting).toContain('Inicia actividades en el SII');
    expect(waiting).toContain('href="/dashboard/inicio-actividades"');

    await expectRefusedDays(record, BAD_TAX_START_DAYS);
    // A person may have started long before selling here.
    expect((await record('2019-03-04')).body).toEqual({ started_on: '2019-03-04' });
    expect((await api.get('/api/store/tax-start/', as)).body).toEqual({ started_on: '2019-03-04' });
    expect(await dashboard()).not.toContain('Inicia actividades en el SII');

    // The day belongs to the RUN it was recorded for: another person's starts over.
    const { version } = (await api.get('/api/store/', as)).body;
    await api.patch('/api/store/', { legal_rut: '11.111.111-1', version }, as);
    expect((await api.get('/api/store/tax-start/', as)).body).toEqual({ started_on: null });
  });

  it('keeps each order with who sold it, and documents it only in that name', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product } = await openShop(api, seller.token, { product: { price: 10000, stock: 9 } });
    // The persona natural's own OpenFactura account: their RUN issues.
    const person = await openfactura.taxpayer(SELLER_IDENTITY.legal_name, '12345678-5');
    const connected = await api.put(
      '/api/store/invoicing/',
      { api_key: person.apikey, environment: 'demo', version: 0 },
      as,
    );
    expect(connected.body.issuer.rut).toBe('12.345.678-5');
    const paidOrder = async () => {
      const placed = await new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: uniqueEmail('switch'), phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(placed.status).toBe(201);
      expect(
        (await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as)).status,
      ).toBe(200);
      return placed.body as { id: number; receipt_url: string };
    };
    const receipt = async (order: { receipt_url: string }) =>
      (await fetch(order.receipt_url.replace(/^https?:\/\/[^/]+/, url))).text();

    const before = await paidOrder();
    const first = await settled(api, seller.token, before.id);
    expect(first.tax_document).toMatchObject({ status: 'emitida', folio: 1 });
    expect(first.sold_by).toMatchObject({ name: 'Rosa Muñoz Pérez', rut: '12.345.678-5' });

    // The company is constituted and the shop switches to it in one step.
    const company = (await api.post('/api/companies/', PAYLOADS.spa, as)).body;
    await constitute(url, staff, company.id, today);
    expect((await api.put('/api/store/company/', { company_id: company.id }, as)).status).toBe(200);
    const page = (
      await api.get(`/dashboard/formalizacion/${company.id}`, {
        headers: { Cookie: `impulsa_session=${seller.token}` },
      })
    ).body as string;
    expect(page).toContain('data-testid="other-issuer"');
    expect(page).toContain('Tu cuenta de boletas emite como Rosa Muñoz Pérez, RUT 12.345.678-5.');

    // The past sale still names the persona natural; a new one names the company.
    const past = await receipt(before);
    expect(past).toContain(PERSON);
    expect(past).not.toContain(COMPANY);
    expect((await api.get(`/api/orders/${before.id}/`, as)).body.sold_by.rut).toBe('12.345.678-5');
    const after = await paidOrder();
    expect(await receipt(after)).toContain(COMPANY);

    // The persona's account may not document the company's sale: refused before it is asked.
    const refused = await settled(api, seller.token, after.id);
    expect(refused.tax_document).toMatchObject({ status: 'fallida' });
    expect(refused.tax_document.error).toBe(
      'Esta venta la hizo Panadería Las Rosas SpA, RUT 76.123.456-0, y tu cuenta de boletas emite ' +
        'como Rosa Muñoz Pérez, RUT 12.345.678-5. Emite el documento en el SII a nombre de quien ' +
        'vendió y anota su folio en la orden.',
    );
    expect(await openfactura.documents(person.apikey)).toHaveLength(1);
    const orderPage = (
      await api.get(`/ordenes/${after.id}`, {
        headers: { Cookie: `impulsa_session=${seller.token}` },
      })
    ).body as string;
    expect(orderPage).toContain('Emítela con el RUT de quien vendió');
    expect(orderPage).toContain('<strong>Panadería Las Rosas SpA</strong>, RUT 76.123.456-0');

    // Cancelling the persona's sale: its own account takes its boleta back.
    const { version } = (await api.get(`/api/orders/${before.id}/`, as)).body;
    expect(
      (await api.patch(`/api/orders/${before.id}/`, { status: 'cancelado', version }, as)).status,
    ).toBe(200);
    const deadline = Date.now() + 15_000;
    while ((await openfactura.documents(person.apikey)).length < 2 && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 200));
    const [, note] = await openfactura.documents(person.apikey);
    expect(note!.dte.Encabezado.Emisor.RUTEmisor).toBe('12345678-5');
  });
});
