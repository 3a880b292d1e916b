/**
 * Issue 67's counter, on a 360 px phone without JavaScript: the seller types how many, and three
 * taps make the sale (Ver total, the means of payment, Cobrar; pressed twice: one sale). The sale
 * is born paid and handed over, takes the stock, gets its boleta from the local OpenFactura, and its
 * 80 mm receipt shows the folio and a QR (looked at as printed). The day's cierre adds up.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { ApiClient } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const openfactura = openFacturaAt(inject('openfacturaUrl'));
useBrowser();

describe('the counter', () => {
  it('sells in three taps, with its boleta and an 80 mm receipt; the cierre adds up', async ({
    noScript,
  }) => {
    const { page, view, account } = noScript;
    page.setDefaultTimeout(10_000);
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product: taza } = await openShop(api, account.token, {
      identity: COMPANY_IDENTITY,
      product: { name: 'Taza de greda', price: 12990, stock: 5 },
    });
    await api.post('/api/products/', { name: 'Plato hondo', price: 8990, published: true }, as);
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      as,
    );

    await page.goto(`${url}/vender`);
    await screenshot(page, 'vender-mobile');
    await page.getByLabel('Taza de greda').fill('2');
    await page.getByLabel('Plato hondo').fill('1');
    // Tap 1.
    await page.getByRole('button', { name: 'Ver total' }).click();
    const total = 2 * 12990 + 8990;
    await page.getByRole('button', { name: `Cobrar $${total.toLocaleString('es-CL')}` }).waitFor();
    await screenshot(page, 'vender-total-mobile');
    // Taps 2 and 3 (the last pressed twice, as a nervous thumb does).
    await page.getByText('Efectivo', { exact: true }).click();
    await page.getByRole('button', { name: /^Cobrar/ }).dblclick();
    await page.waitForURL(/\/vender\/recibo\/\d+$/);
    const id = Number(page.url().split('/').pop());

    // The boleta arrives from the local OpenFactura through the queue.
    for (let i = 0; i < 40; i++) {
      if (await page.getByText(/Boleta electrónica N° \d+/).count()) break;
      await page.waitForTimeout(250);
      await page.reload();
    }
    await page.getByText(/Boleta electrónica N° \d+/).waitFor();
    await page.getByText('Pagado con efectivo.').waitFor();
    expect(await page.locator('#comprobante svg').count()).toBe(1);
    await screenshot(page, 'vender-recibo-mobile');
    await page.emulateMedia({ media: 'print' });
    const width = await page
      .locator('#comprobante')
      .evaluate((el) => el.getBoundingClientRect().width);
    // 74 mm at 96 dpi: the receipt fits an 80 mm roll with its margins.
    expect(width).toBeLessThanOrEqual(Math.ceil((80 * 96) / 25.4));
    await screenshot(page, 'vender-recibo-impreso');
    await page.emulateMedia({ media: 'screen' });

    // One sale, born paid and handed over; the stock taken.
    const sales = (await api.get('/api/orders/', as)).body.results;
    expect(sales).toHaveLength(1);
    expect(sales[0]).toMatchObject({ id, status: 'entregado', total });
    expect((await api.get(`/api/products/${taza.id}/`, as)).body.stock).toBe(3);

    // The day's cierre.
    await page.goto(`${url}/vender/caja`);
    await page
      .getByRole('heading', { name: `Total del día: $${total.toLocaleString('es-CL')}` })
      .waitFor();
    await page.getByText(/Boleta N° \d+/).waitFor();
    await screenshot(page, 'vender-caja-mobile');
    const csv = await fetch(`${url}/vender/caja.csv`, {
      headers: { Authorization: `Token ${account.token}` },
    });
    const text = await csv.text();
    expect(text.replace(/^\uFEFF/, '').split('\r\n')[0]).toBe(
      'hora;venta;medio;vendio;total;boleta;anulada',
    );
    expect(text).toContain(`;efectivo;`);
    expect(text).toContain(`;${total};`);
    await view.setViewportSize(DESKTOP);
    await view.goto(`${url}/vender`);
    await expectAccessible(view);
    await screenshot(view, 'vender-desktop');
    await view.goto(`${url}/vender/caja`);
    await expectAccessible(view);
    await screenshot(view, 'vender-caja-desktop');
    await view.goto(`${url}/vender/recibo/${id}`);
    await expectAccessible(view);
    await screenshot(view, 'vender-recibo-desktop');
  });
});
