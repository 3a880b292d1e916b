/**
 * From persona natural to company (issue 50), in Chromium with JavaScript off: once the shop sells
 * as the constituted company, its page says the invoicing account still speaks for the persona's
 * RUT, and a new sale's order page says whose RUT issues its boleta in the SII (the account was
 * not asked to); its mails list shows mails only. Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { chileDay } from '@/lib/dates';
import { PAYLOADS } from '../../fixtures/companies';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { constitute } from '../../support/formation';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { openShop, SELLER_IDENTITY } from '../../support/shop';

const { url } = inject('servers')[0]!;
const staff = inject('staff');
const openfactura = openFacturaAt(inject('openfacturaUrl'));
useBrowser();

describe('a shop that becomes a company', () => {
  it('warns of the invoicing account and names who issues a new sale’s boleta', async ({
    noScript,
  }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product } = await openShop(api, account.token, { product: { price: 10000 } });
    const person = await openfactura.taxpayer(SELLER_IDENTITY.legal_name, '12345678-5');
    await api.put(
      '/api/store/invoicing/',
      { api_key: person.apikey, environment: 'demo', version: 0 },
      as,
    );
    const company = (await api.post('/api/companies/', PAYLOADS.spa, as)).body;
    await constitute(url, staff, company.id, chileDay());

    await page.goto(`${url}/dashboard/formalizacion/${company.id}`);
    await page.getByRole('button', { name: 'Usar esta empresa en mi tienda' }).click();
    await page.getByRole('button', { name: 'Dejar de mostrar la empresa en mi tienda' }).waitFor();
    await page
      .getByTestId('other-issuer')
      .getByText('Tu cuenta de boletas emite como Rosa Muñoz Pérez, RUT 12.345.678-5.')
      .waitFor();
    await view.goto(page.url());
    await lookAtBothWidths(view, 'empresa-cuenta-de-boletas');

    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('empresa'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
    const deadline = Date.now() + 15_000;
    while (
      (await api.get(`/api/orders/${placed.body.id}/`, as)).body.tax_document?.status !==
        'fallida' &&
      Date.now() < deadline
    )
      await new Promise((r) => setTimeout(r, 200));

    await page.goto(`${url}/ordenes/${placed.body.id}`);
    await page
      .getByTestId('sii-issuer')
      .getByText('Panadería Las Rosas SpA', { exact: true })
      .waitFor();
    expect(await openfactura.documents(person.apikey)).toEqual([]);
    // The refused document is not a mail that failed: the mails list has only mails.
    await expect(page.getByText('Preparando los correos').count()).resolves.toBe(0);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'orden-emite-quien-vendio');
    await close();
  });
});
