/**
 * One stock with Mercado Libre, end to end in a browser with JavaScript off (issue 66): the seller
 * connects her account and links two products (one with sizes); a buyer's sale at Mercado Libre
 * shows in /ordenes with its buyer and the channel, takes Impulsa's stock, and its boleta reaches
 * the sale at Mercado Libre; a sale in Impulsa lowers the listing's quantity there. Each within
 * 10 s. Looked at on a phone and a desktop: the order book, the order, the figures, the customers.
 */
import { describe, expect, inject } from 'vitest';
import type { Page } from 'playwright-core';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { POLERA, type MlItem } from '../../support/mercadolibre';
import { connectInBrowser, mlTestUser } from '../../support/mercadolibre-seller';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';
import { until } from '../../support/until';

const base = inject('servers')[0]!.url;
const ml = inject('mercadolibreUrl');
const openfactura = openFacturaAt(inject('openfacturaUrl'));
useBrowser();

/** What a person does while waiting: reload until `text` shows, at most `ms`. */
async function reloadUntil(page: Page, text: string, ms = 10_000) {
  const deadline = Date.now() + ms;
  for (;;) {
    if (await page.getByText(text).first().isVisible()) return;
    if (Date.now() > deadline) throw new Error(`«${text}» did not show within ${ms} ms`);
    await new Promise((r) => setTimeout(r, 300));
    await page.reload();
  }
}

describe('a Mercado Libre sale in Impulsa', () => {
  it('takes the stock, shows in the order book and gets its boleta on the pack', async ({
    noScript,
  }) => {
    const { page, view, account } = noScript;
    const api = new ApiClient(base);
    const as = { token: account.token };
    // A Mercado Libre account of this test's own, with the sample listings.
    const user = await mlTestUser(ml);
    const { product: taza } = await openShop(api, account.token, {
      identity: COMPANY_IDENTITY,
      product: { name: 'Taza', price: 13990, gtin: '7801234567894', stock: 4 },
    });
    await api.post('/api/products/', POLERA, as);
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      as,
    );

    // She signs in at Mercado Libre with her own account.
    await connectInBrowser(page, base, user);
    const card = page.getByRole('region', { name: 'Mercado Libre' });
    await card.getByRole('link', { name: 'Vincular publicaciones' }).click();
    await page.getByRole('button', { name: 'Guardar vínculos' }).click();
    await page
      .getByRole('status')
      .getByText('3 de 3 publicaciones quedaron vinculadas a tus productos.')
      .waitFor();

    // A buyer pays at Mercado Libre; its notice reaches Impulsa.
    const sold = await fetch(`${ml}/__debug/sell`, {
      method: 'POST',
      body: JSON.stringify({
        item: user.items[0],
        quantity: 1,
        buyer: { nickname: 'CAMI.SOTO', first_name: 'Camila', last_name: 'Soto' },
        callback: `${base}/api/channels/mercadolibre/notify/`,
      }),
    });
    expect((await sold.json()).answer.status).toBe(200);
    await page.goto(`${base}/ordenes`);
    await reloadUntil(page, 'Camila Soto');
    const row = page.getByRole('link', { name: /Camila Soto/ });
    await row.getByText('Mercado Libre', { exact: true }).waitFor();
    expect((await api.get(`/api/products/${taza.id}/`, as)).body.stock).toBe(3);
    await page
      .getByRole('navigation', { name: 'Filtrar por canal' })
      .getByRole('link', { name: /Mercado Libre/ })
      .click();
    expect(new URL(page.url()).searchParams.get('canal')).toBe('mercadolibre');
    await screenshot(page, 'ordenes-mercadolibre-mobile');

    await row.click();
    await page.getByRole('heading', { name: 'Venta en Mercado Libre' }).waitFor();
    await reloadUntil(page, 'tu cliente la ve en su compra.');
    await page.getByText('CAMI.SOTO').waitFor();
    await screenshot(page, 'orden-mercadolibre-mobile');
    const packs = (await (await fetch(`${ml}/__debug/packs`)).json()) as Record<
      string,
      { file_type: string; head: string }[]
    >;
    const sale = (await (await fetch(`${ml}/__debug/orders`)).json()) as { id: number }[];
    expect(Object.keys(packs)).toContain(String(sale.at(-1)!.id));

    // A sale in Impulsa: Mercado Libre shows the count that is left.
    const placed = await new ApiClient(base).post('/api/orders/', {
      items: [{ product: taza.id, quantity: 1 }],
      buyer: { name: 'Ana Díaz', email: uniqueEmail('ml-e2e'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);
    const listing = async () =>
      ((await (await fetch(`${ml}/__debug/items`)).json()) as MlItem[]).find(
        (i) => i.id === user.items[0],
      )!;
    expect(
      (await until(listing, (i) => i.available_quantity === 2, 10_000)).available_quantity,
    ).toBe(2);

    await view.setViewportSize(DESKTOP);
    await view.goto(`${base}/ordenes?canal=mercadolibre`);
    await expectAccessible(view);
    await screenshot(view, 'ordenes-mercadolibre-desktop');
    await view.goto(page.url());
    await expectAccessible(view);
    await screenshot(view, 'orden-mercadolibre-desktop');
    await view.goto(`${base}/cifras`);
    await view.getByRole('heading', { name: 'Ventas por canal' }).waitFor();
    await screenshot(view, 'cifras-canales-desktop');
    await view.goto(`${base}/clientes`);
    await view.getByText('Quienes te compran en Mercado Libre no aparecen aquí').waitFor();
    await screenshot(view, 'clientes-mercadolibre-desktop');
  });
});
