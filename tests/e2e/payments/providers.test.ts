/**
 * Flow and Mercado Pago in Chromium (issue 50): the seller connects each account at /cobros with
 * plain forms; a buyer on a phone picks Flow at checkout, is sent to Flow's page (the local Flow),
 * pays, is posted back and reads the paid receipt; another, on the seller's own site, pays with
 * Mercado Pago and comes back to that site. No script of ours on the buyer's pages.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  confirmOrder,
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  sessionContext,
  useBrowser,
} from '../../support/browser';
import { FLOW_API_KEY, FLOW_SECRET_KEY } from '../../support/flow';
import { flowShop, flowToken, placeFlowOrder, setAtFlow } from '../../support/flow-buyer';
import { until } from '../../support/until';
import { MP_ACCESS_TOKEN, MP_WEBHOOK_SECRET } from '../../support/mercadopago';
import { ApiClient, uniqueEmail } from '../../support/http';
import { FAST_QUEUE, startServer, tempDir } from '../../support/server';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';

const { url } = inject('servers')[0]!;
const flowUrl = inject('flowUrl');
const mpUrl = inject('mercadopagoUrl');
const port = new URL(url).port;
const browserOf = useBrowser();

const ownScripts = (page: Page) => page.locator('script:not([type="application/ld+json"])').count();

describe('paying with Flow and Mercado Pago', () => {
  it('the seller connects Flow at /cobros; a buyer on a phone pays there and reads the receipt', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const token = seller.account.token;
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Cerámica Rayén', version: 0 },
      { token },
    );
    await setDelivery(api, token, { pickup_points: [PICKUP] });

    const settings = await seller.context.newPage();
    await settings.goto(`${url}/cobros`);
    const flowState = settings.getByRole('region', { name: 'Estado de Flow' });
    await flowState.getByText('Sin conectar').waitFor();
    // A refused save keeps what was typed and says why, on Flow's own form.
    await settings.getByLabel('API key', { exact: true }).fill('con espacios');
    await settings.getByRole('button', { name: 'Guardar cuenta Flow' }).click();
    await settings.getByText('La API key lleva solo letras, números y guiones.').waitFor();
    expect(await settings.getByLabel('API key', { exact: true }).inputValue()).toBe('con espacios');
    await settings.getByLabel('API key', { exact: true }).fill(FLOW_API_KEY);
    await settings.getByLabel('Secret key', { exact: true }).fill(FLOW_SECRET_KEY);
    await settings.getByRole('button', { name: 'Guardar cuenta Flow' }).click();
    await settings.locator('li.toast').getByText('Cuenta Flow guardada y verificada').waitFor();
    await flowState.getByText('Verificada', { exact: true }).waitFor();
    await flowState.getByRole('button', { name: 'Probar conexión' }).click();
    await settings.locator('li.toast').getByText('Flow aceptó tu cuenta').waitFor();
    expect(await settings.content()).not.toContain(FLOW_SECRET_KEY);
    await expectAccessible(settings);
    await screenshot(settings, 'cobros-flow-desktop');
    await settings.setViewportSize(MOBILE);
    await screenshot(settings, 'cobros-flow-mobile');

    const jarro = (
      await api.post(
        '/api/products/',
        { name: 'Jarro de greda', price: 12990, stock: 3, published: true },
        { token },
      )
    ).body;
    const buyer = await newContext(browserOf(), MOBILE);
    const page = await buyer.newPage();
    await page.goto(`${url}/shop/${jarro.id}`);
    await page.getByRole('button', { name: 'Comprar ahora' }).click();
    await page.waitForURL(/#datos$/);
    await page.getByLabel('Nombre y apellido').fill('Camila Soto');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('camila'));
    await page.getByLabel('Teléfono').fill('9 8765 4321');
    await page.getByText('Flow (Webpay, Mach, Khipu o transferencia)').click();
    await screenshot(page, 'pago-flow-mobile');
    await confirmOrder(page);
    await page.waitForURL(`${flowUrl}/app/web/pay.php?token=*`);
    await page.getByText('$12.990').waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByRole('heading', { name: '¡Gracias por tu compra!' }).waitFor();
    await page.getByText('Pagado', { exact: true }).first().waitFor();
    expect(page.url()).toMatch(/\/pay\/orden\/[A-Za-z0-9_-]{32}$/);
    expect(await ownScripts(page)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'pedido-flow-pagado-mobile');
    expect((await api.get(`/api/products/${jarro.id}/`, { token })).body.stock).toBe(2);
    await buyer.close();
    await seller.context.close();
  });

  it('on the seller’s own site, a buyer pays with Mercado Pago and comes back to that site', async ({
    phone,
  }) => {
    const seller = phone;
    const api = new ApiClient(url);
    const token = seller.account.token;
    await api.patch(
      '/api/store/',
      { ...SELLER_IDENTITY, name: 'Telar Andino', version: 0 },
      { token },
    );
    await setDelivery(api, token, { pickup_points: [PICKUP] });
    const settings = await seller.context.newPage();
    await settings.goto(`${url}/cobros#mercadopago`);
    await settings.getByLabel('Access token', { exact: true }).fill(MP_ACCESS_TOKEN);
    await settings.getByRole('button', { name: 'Guardar cuenta Mercado Pago' }).click();
    await settings
      .getByText('Escribe la clave secreta de webhooks junto con el access token.')
      .waitFor();
    await settings.getByLabel('Access token', { exact: true }).fill(MP_ACCESS_TOKEN);
    await settings.getByLabel('Clave secreta de webhooks', { exact: true }).fill(MP_WEBHOOK_SECRET);
    await settings.getByRole('button', { name: 'Guardar cuenta Mercado Pago' }).click();
    await settings
      .locator('li.toast')
      .getByText('Cuenta Mercado Pago guardada y verificada')
      .waitFor();
    await settings
      .getByRole('region', { name: 'Estado de Mercado Pago' })
      .getByText('Verificada', { exact: true })
      .waitFor();
    expect(await settings.content()).not.toContain(MP_WEBHOOK_SECRET);
    await expectAccessible(settings);
    await screenshot(settings, 'cobros-mercadopago-mobile');
    await settings.setViewportSize(DESKTOP);
    await screenshot(settings, 'cobros-mercadopago-desktop');

    const manta = (
      await api.post(
        '/api/products/',
        { name: 'Manta de lana', price: 34990, stock: 2, published: true },
        { token },
      )
    ).body;
    const subdomain = `telar-${Date.now().toString(36)}`;
    const site = (
      await api.post(
        '/api/sites/',
        { name: 'Telar Andino', subdomain, template: 'tienda' },
        { token },
      )
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    const origin = `http://${subdomain}.localhost:${port}`;

    const buyer = await newContext(browserOf(), DESKTOP);
    const page = await buyer.newPage();
    await page.goto(`${origin}/shop/${manta.slug}`);
    await page.getByRole('button', { name: 'Comprar ahora' }).click();
    await page.waitForURL(/#datos$/);
    await page.getByLabel('Nombre y apellido').fill('Javiera Díaz');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('javiera'));
    await page.getByLabel('Teléfono').fill('9 5555 4444');
    await page.getByText('Mercado Pago (tarjetas, saldo o cuotas)').click();
    await screenshot(page, 'pago-mercadopago-sitio-desktop');
    await confirmOrder(page);
    await page.waitForURL(`${mpUrl}/checkout/v1/redirect?pref_id=*`);
    await page.getByText('$34.990').waitFor();
    await page.getByRole('button', { name: 'Pagar', exact: true }).click();
    await page.getByRole('heading', { name: '¡Gracias por tu compra!' }).waitFor();
    expect(new URL(page.url()).origin).toBe(origin);
    expect(await ownScripts(page)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'pedido-mercadopago-sitio-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'pedido-mercadopago-sitio-mobile');
    await buyer.close();
    await seller.context.close();
  });

  it('a payment that came after its order lapsed, with the stock gone, shows the seller a refund due', async () => {
    // Its own app, with holds of 4 s and a sweep every second; the same local Flow.
    const server = await startServer({
      ...FAST_QUEUE,
      DATA_DIR: tempDir(),
      FLOW_API_URL: flowUrl,
      SECRETS_KEY: 'd'.repeat(64),
      ORDER_SWEEP_SECONDS: '1',
      ORDER_HOLD_HOURS: String(4 / 3600),
    });
    try {
      const shop = await flowShop(server.url);
      const fuente = await shop.product({ name: 'Fuente de greda', price: 15990, stock: 1 });
      const late = (await placeFlowOrder(server.url, fuente.id)).body;
      await until(
        () => shop.order(late.id),
        (o) => o.status !== 'pendiente_pago',
        20_000,
      );
      const other = await new ApiClient(server.url).post('/api/orders/', {
        buyer: { name: 'Pedro Rojas', email: uniqueEmail('pedro'), phone: '9 1234 5678' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
        items: [{ product: fuente.id, quantity: 1 }],
      });
      expect(other.status).toBe(201);
      await setAtFlow(flowUrl, flowToken(late.payment_url), 2, true);
      expect(
        await until(
          () => shop.order(late.id),
          (o) => o.refund_due,
        ),
      ).toMatchObject({ refund_due: true });

      const context = await sessionContext(browserOf(), server.url, shop.account, DESKTOP);
      const page = await context.newPage();
      await page.goto(`${server.url}/ordenes/${late.id}`);
      await page.getByText('Reembolso pendiente').waitFor();
      await expectAccessible(page);
      await screenshot(page, 'orden-reembolso-pendiente-desktop');
      await page.setViewportSize(MOBILE);
      await screenshot(page, 'orden-reembolso-pendiente-mobile');
      await context.close();
    } finally {
      await server.stop();
    }
  }, 90_000);
});
