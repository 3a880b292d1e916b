/**
 * «Pedidos sin pagar» (issue 51) in Chromium with JavaScript off: the seller reaches it from the
 * order book's tab and finds a buyer's unpaid order with a WhatsApp message ready (the receipt's
 * link in it). Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
useBrowser();

describe('unpaid orders', () => {
  it('lists an order waiting for its payment with a message for its buyer', async ({
    noScript,
  }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    const { product } = await openShop(api, account.token, { name: 'Cerámica Ana' });
    const placed = await api.post('/api/orders/', {
      items: [{ product: product.id, quantity: 2 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);

    page.setDefaultTimeout(10_000);
    await page.goto(`${url}/ordenes`);
    await page.getByRole('link', { name: /Sin pagar/ }).click();
    await page.getByRole('heading', { name: 'Pedidos sin pagar', level: 1 }).waitFor();
    const row = page.getByRole('list', { name: 'Pedidos sin pagar' }).getByRole('listitem');
    expect(await row.count()).toBe(1);
    await row.getByText('Esperando el pago').waitFor();
    const href = (await row
      .getByRole('link', { name: 'Escribir por WhatsApp' })
      .getAttribute('href'))!;
    expect(href.startsWith('https://wa.me/56987654321?text=')).toBe(true);
    const text = decodeURIComponent(href.split('?text=')[1]!);
    expect(text).toContain(
      `Hola, Camila: tu pedido ${placed.body.number} en Cerámica Ana, por $25.980, quedó sin pagar.`,
    );
    expect(text).toContain(placed.body.receipt_url);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'pedidos-sin-pagar');
    await close();
  });
});
