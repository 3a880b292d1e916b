/**
 * Flow in Chromium (issue 50): the seller connects their Flow account at /cobros with plain forms;
 * a buyer on a phone picks Flow at checkout, is sent to Flow's page (the local Flow), pays, is
 * posted back, and reads the paid receipt, which carries no script of ours.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject, it } from 'vitest';
import {
  confirmOrder,
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  signedInContext,
  useBrowser,
} from '../../support/browser';
import { FLOW_API_KEY, FLOW_SECRET_KEY } from '../../support/flow';
import { ApiClient, uniqueEmail } from '../../support/http';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';

const { url } = inject('servers')[0]!;
const flowUrl = inject('flowUrl');
const browserOf = useBrowser();

const ownScripts = (page: Page) => page.locator('script:not([type="application/ld+json"])').count();

describe('paying with Flow', () => {
  it('the seller connects Flow at /cobros; a buyer on a phone pays there and reads the receipt', async () => {
    const seller = await signedInContext(browserOf(), url, DESKTOP);
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
});
