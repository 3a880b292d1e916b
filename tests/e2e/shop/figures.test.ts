/**
 * Shop figures in Chromium: a buyer on a phone opens a product page and the shop's site, and
 * buys; the seller marks it paid and sees the visits, the sale and the revenue at /cifras (zero-JS
 * SVG charts with their data as tables; 1280 and 360 px, axe), then downloads the same days as CSV.
 */
import fs from 'node:fs';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  expectAccessible,
  expectFitsWidth,
  MOBILE,
  newContext,
  PERSON_AGENT,
  screenshot,
  useBrowser,
  confirmOrder,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('shop figures', () => {
  it('visits and a paid sale made here show in the charts and the CSV', async ({ desktop }) => {
    const seller = desktop;
    const token = seller.account.token;
    const api = new ApiClient(url);
    const { product, subdomain } = await openShop(api, token, { site: true });
    const page = await seller.context.newPage();
    await page.goto(`${url}/cifras`);
    await page.getByText('Todavía no hay visitas en este período').waitFor();

    const buyer = await newContext(browserOf(), MOBILE, { userAgent: PERSON_AGENT });
    const shop = await buyer.newPage();
    await shop.goto(`http://${subdomain}.localhost:${new URL(url).port}/`);
    await shop.goto(`${url}/shop/${product.id}`);
    await shop.reload();
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    await shop.getByLabel('Correo electrónico').fill(uniqueEmail('camila'));
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByText('Transferencia bancaria').click();
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await buyer.close();
    const [order] = (await api.get('/api/orders/', { token })).body.results;
    await api.patch(`/api/orders/${order.id}/`, { status: 'pagado' }, { token });

    await page.goto(`${url}/cifras?dias=7`);
    const card = (label: string) => page.locator('dl > div').filter({ hasText: label });
    expect(await card('Visitas').locator('dd').first().textContent()).toBe('3');
    await card('Visitas').getByText('2 a productos, 1 a tu sitio').waitFor();
    expect(await card('Ventas').locator('dd').first().textContent()).toBe('1');
    expect(await card('Ingresos').locator('dd').first().textContent()).toBe('$12.990');
    expect(await card('Conversión').locator('dd').first().textContent()).toBe('33,3 %');
    const visits = page.getByRole('figure', { name: 'Visitas por día' });
    await visits.getByRole('img', { name: /3 visitas en 7 días/ }).waitFor();
    expect(await visits.locator('rect').count()).toBe(7);
    await visits.getByText('Ver los datos').click();
    const rows = visits.locator('tbody tr');
    expect(await rows.count()).toBe(7);
    expect(await rows.last().locator('td').textContent()).toBe('3');
    const products = page.getByRole('table', { name: /Productos con más ventas/ });
    await products.getByRole('row', { name: /Taza de greda 2 1 1 \$12\.990 50 %/ }).waitFor();
    await page.getByText('Inicio').waitFor();
    expect(await page.locator('svg[role="img"] script').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'cifras-desktop');
    await page.setViewportSize(MOBILE);
    await expectFitsWidth(page);
    await expectAccessible(page);
    await screenshot(page, 'cifras-mobile');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(
      /^cifras-\d{4}-\d{2}-\d{2}-a-\d{4}-\d{2}-\d{2}\.csv$/,
    );
    const csv = fs.readFileSync(await download.path(), 'utf8').replace(/^\uFEFF/, '');
    const lines = csv.trim().split('\r\n');
    expect(lines).toHaveLength(8);
    expect(lines.at(-1)).toMatch(/^\d{4}-\d{2}-\d{2};3;2;1;1;12990;33,3$/);
    await seller.context.close();
  });
});
