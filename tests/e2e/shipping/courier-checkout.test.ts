/**
 * Issue 65's walk, JavaScript off: the seller sets where she ships from at /despacho; a buyer on a
 * 360 px phone sees Shipit's Starken and Chilexpress prices and Starken's own services for Ñuñoa
 * beside the shop's own rate, picks Starken and orders; a comuna no courier serves and no zone
 * covers reads «No hay despacho a …» and cannot be ordered. The seller marks it paid and presses
 * «Crear envío» (twice: one shipment); the order page shows the tracking number and the label PDF;
 * the courier's «entregado» moves the order and mails the buyer.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  confirmOrder,
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { SHIPIT_EMAIL, SHIPIT_TOKEN } from '../../support/shipit';
import { STARKEN_TOKEN } from '../../support/starken';
import { openShop, setDelivery } from '../../support/shop';
import { waitForMailWith, decodedMail } from '../../support/smtp';

const { url } = inject('servers')[0]!;
const shipit = inject('shipitUrl');
const starken = inject('starkenUrl');
const mailDir = inject('mailDir');
const browserOf = useBrowser();

describe('delivery by courier', () => {
  it('quotes couriers at checkout, creates the shipment and follows it to the door', async ({
    noScript,
  }) => {
    const { page, view, account } = noScript;
    page.setDefaultTimeout(8000);
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product } = await openShop(api, account.token, { product: { weight_g: 500 } });
    await api.put(
      '/api/store/shipping/shipit/',
      { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN, version: 0 },
      as,
    );
    // Starken direct too: its own services beside Shipit's couriers.
    await api.put('/api/store/shipping/starken/', { token: STARKEN_TOKEN, version: 0 }, as);
    await setDelivery(api, account.token, { regions: { '13': { price: 2990, days: '1 a 2' } } });
    await fetch(`${shipit}/__debug/no-service?comuna=ISLA%20DE%20PASCUA`);
    await fetch(`${starken}/__debug/no-service?comuna=ISLA%20DE%20PASCUA`);

    // The seller says where parcels leave from; half a box is refused with what she typed.
    await page.goto(`${url}/despacho`);
    await page.getByLabel('Comuna de origen').selectOption({ label: 'Santiago' });
    await page.getByLabel('Peso (g)').fill('400');
    await page.getByRole('button', { name: 'Guardar origen' }).click();
    await page.getByText('No pudimos guardar el origen').waitFor();
    expect(await page.getByLabel('Peso (g)').inputValue()).toBe('400');
    expect(await page.getByLabel('Comuna de origen').inputValue()).toBe('13101');
    await page.getByLabel('Peso (g)').fill('');
    await page.getByRole('button', { name: 'Guardar origen' }).click();
    await page.getByRole('status').getByText('Origen de tus envíos guardado').waitFor();
    await screenshot(page, 'despacho-origen-mobile');
    // Axe needs script: the same page, looked at with it on.
    await view.goto(`${url}/despacho`);
    await expectAccessible(view);

    // The checkout sends no script at all (asserted below): with or without JavaScript it is one page.
    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    shop.setDefaultTimeout(8000);
    await shop.goto(`${url}/shop/${product.id}`);
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.waitForURL(/\/pay\?tienda=\d+#datos$/);
    expect(await shop.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    await shop.getByText('Despacho a domicilio', { exact: true }).click();
    await shop.getByLabel('Región').selectOption({ label: 'Región de Valparaíso' });
    await shop.getByLabel('Comuna', { exact: true }).selectOption({ label: 'Isla de Pascua' });
    await shop.getByRole('button', { name: 'Calcular despacho' }).click();
    await shop.getByText('No hay despacho a Isla de Pascua. Puedes elegir retiro.').waitFor();
    expect(await shop.locator('input[name="delivery.option"]').count()).toBe(0);
    await shop.getByLabel('Dirección', { exact: true }).fill('Atamu Tekena 12');
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    const email = uniqueEmail('camila');
    await shop.getByLabel('Correo electrónico').fill(email);
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByText('Transferencia bancaria').click();
    await confirmOrder(shop);
    await shop
      .getByText('No hay despacho a Isla de Pascua: elige retiro u otra comuna.')
      .first()
      .waitFor();

    await shop.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
    await shop.getByLabel('Comuna', { exact: true }).selectOption({ label: 'Ñuñoa' });
    await shop.getByLabel('Dirección', { exact: true }).fill('Av. Irarrázaval 3456, depto 12');
    await shop.getByRole('button', { name: 'Calcular despacho' }).click();
    await shop.getByText('Elige cómo llega tu pedido a Ñuñoa.').waitFor();
    const options = shop.getByRole('group', { name: 'Cómo llega' });
    await options.getByText('Despacho de la tienda').waitFor();
    await options.getByText('$5.790').waitFor();
    await options.getByText('Chilexpress').waitFor();
    await options.getByText('Starken Normal').waitFor();
    await options.getByText('Starken Expreso').waitFor();
    await expectAccessible(shop);
    await screenshot(shop, 'pedido-courier-mobile');
    await shop.setViewportSize(DESKTOP);
    await screenshot(shop, 'pedido-courier-desktop');
    await shop.setViewportSize(MOBILE);
    await options.getByText('Starken', { exact: true }).click();
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await shop.getByText('Despacho a Av. Irarrázaval 3456, depto 12, Ñuñoa por Starken').waitFor();
    await buyer.close();

    const [placed] = (await api.get('/api/orders/', as)).body.results;
    expect(placed.total).toBe(12990 + 5790);
    const { version } = (await api.get(`/api/orders/${placed.id}/`, as)).body;
    await api.patch(`/api/orders/${placed.id}/`, { status: 'pagado', version }, as);

    await page.goto(`${url}/ordenes/${placed.id}`);
    const card = page.getByRole('region', { name: 'Envío con Starken' });
    // Pressed twice in a row: one shipment.
    await card.getByRole('button', { name: 'Crear envío' }).dblclick();
    await page.getByRole('status').getByText('Estamos creando el envío en Shipit').waitFor();
    for (let i = 0; i < 50; i++) {
      await page.goto(`${url}/ordenes/${placed.id}`);
      if (await card.getByText('Número de seguimiento').count()) break;
      await page.waitForTimeout(300);
    }
    await card.getByText(/^TRK\d+$/).waitFor();
    await page.getByText('Enviado', { exact: true }).first().waitFor();
    const created = await (
      await fetch(`${shipit}/__debug/shipments?reference=${encodeURIComponent(placed.number)}`)
    ).json();
    expect(created).toHaveLength(1);
    const download = page.waitForEvent('download');
    await card.getByRole('link', { name: 'Descargar etiqueta' }).click();
    const pdf = await (await download).path();
    expect((await import('node:fs')).readFileSync(pdf).subarray(0, 5).toString()).toBe('%PDF-');
    await screenshot(page, 'orden-envio-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${url}/ordenes/${placed.id}`);
    await expectAccessible(view);
    await screenshot(view, 'orden-envio-desktop');

    // The order book offers its label among those to print, in one PDF.
    await page.goto(`${url}/ordenes`);
    await page.getByText('Etiquetas por imprimir (1)').click();
    const labels = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Descargar etiquetas en un PDF' }).click();
    const merged = await (await labels).path();
    expect((await import('node:fs')).readFileSync(merged).subarray(0, 5).toString()).toBe('%PDF-');
    await view.goto(`${url}/ordenes`);
    await view.getByText('Etiquetas por imprimir (1)').click();
    await expectAccessible(view);
    await screenshot(view, 'ordenes-etiquetas-desktop');
    await screenshot(page, 'ordenes-etiquetas-mobile');

    const hook = `${url}/api/shipping/shipit/notify/${account.user.id}/`;
    await fetch(
      `${shipit}/__debug/move/${created[0].id}?status=delivered&webhook=${encodeURIComponent(hook)}`,
    );
    await waitForMailWith(mailDir, email, 'fue entregado', decodedMail);
    await page.goto(`${url}/ordenes/${placed.id}`);
    await card.getByText(/^Entregado el/).waitFor();
  });
});
