/**
 * What the order's page says when no label can be made (issue 65), JavaScript off: a buyer chose a
 * Chilexpress price, which the seller's keys only quote, so the page says to take the parcel to a
 * branch; an order cancelled after its Starken shipment was created says to annul it at Starken.
 * Looked at on a phone and a desktop.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { CHILEXPRESS_COVERAGE_KEY, CHILEXPRESS_RATING_KEY } from '../../support/chilexpress';
import { NUNOA, quotedPrice, SANTIAGO } from '../../support/couriers';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { STARKEN_TOKEN } from '../../support/starken';
import { until } from '../../support/until';

const { url } = inject('servers')[0]!;
const starken = inject('starkenUrl');
useBrowser();

describe('orders without a label', () => {
  it('says to take a Chilexpress parcel to a branch, and to annul a cancelled shipment', async ({
    noScript,
  }) => {
    const { page, view, account } = noScript;
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product } = await openShop(api, account.token, { product: { weight_g: 500 } });
    await api.put('/api/store/shipping/starken/', { token: STARKEN_TOKEN, version: 0 }, as);
    await api.put(
      '/api/store/shipping/chilexpress/',
      { rating_key: CHILEXPRESS_RATING_KEY, coverage_key: CHILEXPRESS_COVERAGE_KEY, version: 0 },
      as,
    );
    const { version } = (await api.get('/api/store/shipping/', as)).body;
    await api.put('/api/store/shipping/', { ship_from: SANTIAGO, version }, as);
    const order = (delivery: Record<string, unknown>) =>
      new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
        delivery: { method: 'despacho', address: 'Av. Irarrázaval 3456, depto 12', ...delivery },
        payment_method: 'transferencia',
      });
    const paid = async (option: string) => {
      const price = await quotedPrice(order, NUNOA, option);
      const placed = await order({ comuna: NUNOA, option: `${option}:${price}` });
      const id = placed.body.id as number;
      const { version: v } = (await api.get(`/api/orders/${id}/`, as)).body;
      await api.patch(`/api/orders/${id}/`, { status: 'pagado', version: v }, as);
      return id;
    };

    const byHand = await paid('chilexpress:3');
    await page.goto(`${url}/ordenes/${byHand}`);
    const card = page.getByRole('region', { name: 'Envío con Chilexpress Prioritario' });
    await card.getByText('Lleva el paquete a una sucursal de Chilexpress').waitFor();
    expect(await card.getByRole('button', { name: 'Crear envío' }).count()).toBe(0);
    await screenshot(page, 'orden-chilexpress-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${url}/ordenes/${byHand}`);
    await expectAccessible(view);
    await screenshot(view, 'orden-chilexpress-desktop');

    // Starken has the emission but not yet its OF when the seller cancels the order.
    const shipped = await paid('starken:normal');
    const { number } = (await api.get(`/api/orders/${shipped}/`, as)).body;
    await fetch(`${starken}/__debug/slow?contenido=${number}&ms=60000`);
    await api.post(`/api/orders/${shipped}/envio/`, undefined, as);
    await until(
      async () => (await api.get(`/api/orders/${shipped}/envio/`, as)).body,
      (s) => s.state === 'created',
    );
    const { version: v } = (await api.get(`/api/orders/${shipped}/`, as)).body;
    const cancelled = await api.patch(
      `/api/orders/${shipped}/`,
      { status: 'cancelado', version: v },
      as,
    );
    expect(cancelled.status).toBe(200);
    await page.goto(`${url}/ordenes/${shipped}`);
    await page
      .getByRole('region', { name: 'Envío con Starken Normal' })
      .getByText('Anúlalo en tu cuenta Starken')
      .waitFor();
    await screenshot(page, 'orden-anular-envio-mobile');
  });
});
