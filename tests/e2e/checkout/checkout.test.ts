/**
 * A buyer's first purchase in Chromium, with no JavaScript from us: "Comprar ahora" on a product
 * page, the checkout (errors shown, nothing lost), Webpay (the local server's payment form):
 * approved, rejected and cancelled; the receipt and the mail. Then the seller sees the sale on
 * the dashboard and in the order book and takes it to "Entregado". And the same cart inside a
 * seller's site on its subdomain, at 360 px, whose order the seller cancels after a question.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  sessionContext,
  useBrowser,
  confirmOrder,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { PICKUP, setDelivery, SELLER_IDENTITY } from '../../support/shop';
import { jpeg, upload } from '../../support/images';
import { decodedMail, waitForMail, waitForMailWith } from '../../support/smtp';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';

const { url } = inject('servers')[0]!;
const mailDir = inject('mailDir');
const port = new URL(url).port;
const browserOf = useBrowser(['--host-resolver-rules=MAP *.impulsa.test 127.0.0.1']);

/** Scripts of ours on the page (JSON-LD is data, not script). */
const ownScripts = (page: Page) => page.locator('script:not([type="application/ld+json"])').count();

async function fillBuyer(page: Page, email: string) {
  await page.getByLabel('Nombre y apellido').fill('Camila Soto');
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByLabel('Teléfono').fill('9 8765 4321');
}

describe('buying and selling', () => {
  it('buys with Webpay (approved, rejected, cancelled), and the seller takes the order to delivered', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const token = seller.account.token;
    await api.patch(
      '/api/store/',
      {
        ...SELLER_IDENTITY,
        name: 'Greda del Sur',
        whatsapp: '+56912345678',
        transfer_details: 'Banco Estado, cuenta RUT 12.345.678-5',
        version: 0,
      },
      { token },
    );
    await setDelivery(api, token, { rest: { price: 3990 }, pickup_points: [PICKUP] });
    // The seller connects their own Webpay account at /cobros: plain forms, checked at both widths.
    const settings = await seller.context.newPage();
    await settings.goto(`${url}/cobros`);
    await settings
      .getByRole('region', { name: 'Estado de Webpay' })
      .getByText('Sin conectar')
      .waitFor();
    await expectAccessible(settings);
    await screenshot(settings, 'cobros-vacio-desktop');
    await settings.getByLabel('Código de comercio').fill('5970');
    await settings.getByRole('button', { name: 'Guardar cuenta Webpay' }).click();
    await settings.getByText('El código de comercio son 12 dígitos, como 597012345678.').waitFor();
    await expect(settings.getByLabel('Código de comercio').inputValue()).resolves.toBe('5970');
    await settings.getByLabel('Código de comercio').fill(WEBPAY_COMMERCE_CODE);
    await settings.getByLabel('Llave secreta (API Key Secret)').fill(WEBPAY_API_KEY);
    await settings.getByRole('button', { name: 'Guardar cuenta Webpay' }).click();
    await settings.locator('li.toast').getByText('Cuenta Webpay guardada y verificada').waitFor();
    await settings.getByText('Verificada', { exact: true }).waitFor();
    await settings.getByRole('button', { name: 'Probar conexión' }).click();
    await settings.locator('li.toast').getByText('Webpay aceptó tu cuenta').waitFor();
    expect(await settings.content()).not.toContain(WEBPAY_API_KEY);
    await expectAccessible(settings);
    await screenshot(settings, 'cobros-conectada-desktop');
    await settings.setViewportSize(MOBILE);
    await screenshot(settings, 'cobros-conectada-mobile');
    await settings.close();
    const photo = (
      await upload(url, token, await jpeg(900, 900), 'taza.jpg', 'image/jpeg', 'Taza de greda café')
    ).body;
    const taza = (
      await api.post(
        '/api/products/',
        { name: 'Taza de greda', price: 12990, stock: 5, images: [photo.id], published: true },
        { token },
      )
    ).body;

    const buyer = await newContext(browserOf(), DESKTOP);
    const page = await buyer.newPage();
    const email = uniqueEmail('camila');
    await page.goto(`${url}/shop/${taza.id}`);
    expect(await ownScripts(page)).toBe(0);
    await page.getByLabel('Cantidad').fill('2');
    await page.getByRole('button', { name: 'Comprar ahora' }).click();
    await page.waitForURL(/\/pay\?tienda=\d+#datos$/);
    await page.getByText('$25.980').first().waitFor();
    expect(await ownScripts(page)).toBe(0);
    await expectAccessible(page);

    // A refused submit: every error at once, what was typed kept.
    await page.getByLabel('Correo electrónico').fill('camila');
    await page.getByText('Despacho a domicilio').click();
    await page.getByText('$29.970').waitFor();
    await confirmOrder(page);
    await page.getByText('Revisa los datos marcados para confirmar tu pedido.').waitFor();
    await page.getByText('Escribe la dirección de despacho.').waitFor();
    await page.getByText('Elige la comuna de despacho.').waitFor();
    await page.getByText('Escribe tu nombre completo.').waitFor();
    expect(await page.getByLabel('Correo electrónico').inputValue()).toBe('camila');
    await screenshot(page, 'pedido-errores-desktop');

    await fillBuyer(page, email);
    await page.getByLabel('Dirección', { exact: true }).fill('Los Aromos 55, depto. 3');
    await page.getByLabel('Comuna', { exact: true }).selectOption({ label: 'Providencia' });
    await page.getByText('Webpay (débito, crédito o prepago)').click();
    await confirmOrder(page);
    await page.waitForURL(/\/pay\/orden\/[A-Za-z0-9_-]{32}#pagar$/);
    await page.getByRole('heading', { name: 'Falta pagar tu pedido' }).waitFor();
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Ir a pagar $29.970' }).click();
    await page.getByText('$29.970').waitFor();
    await page.getByRole('button', { name: 'Pagar' }).click();
    await page.getByRole('heading', { name: '¡Gracias por tu compra!' }).waitFor();
    await page.getByText('**** 6623 · Débito').waitFor();
    expect(await ownScripts(page)).toBe(0);
    await screenshot(page, 'pedido-pagado-desktop');
    const receipt = page.url();
    await page.reload();
    await page.getByRole('heading', { name: '¡Gracias por tu compra!' }).waitFor();
    expect(await waitForMail(mailDir, email)).toContain('Gracias por tu compra en Greda del Sur!');

    // Rejected by the bank, then cancelled by the buyer: clear pages, and the cart is still there.
    for (const [button, message] of [
      ['Rechazar', 'Tu banco no autorizó el pago'],
      ['Anular compra y volver al comercio', 'Anulaste el pago en Webpay'],
    ] as const) {
      await page.goto(`${url}/shop/${taza.id}`);
      await page.getByRole('button', { name: 'Comprar ahora' }).click();
      await page.waitForURL(/#datos$/);
      expect(await page.getByLabel('Nombre y apellido').inputValue()).toBe('Camila Soto');
      await page.getByText('Retiro gratis').click();
      await confirmOrder(page);
      await page.getByRole('button', { name: /^Ir a pagar/ }).click();
      await page.getByRole('button', { name: button }).click();
      await page.getByRole('heading', { name: 'El pago no se completó' }).waitFor();
      await page.getByText(message).waitFor();
      await page.getByRole('link', { name: 'Volver a intentar' }).click();
      await page.getByText('Taza de greda').first().waitFor();
      await page.getByRole('button', { name: 'Quitar Taza de greda' }).click();
      await page.getByText('Tu carro está vacío.').waitFor();
    }
    expect((await api.get(`/api/products/${taza.id}/`, { token })).body.stock).toBe(3);

    // The seller: the first sale on the dashboard, then the order book.
    const desk = await seller.context.newPage();
    await desk.goto(`${url}/dashboard`);
    await desk.getByText('¡Primera venta!').waitFor();
    await desk.goto(`${url}/ordenes?estado=pagado`);
    await expectAccessible(desk);
    await screenshot(desk, 'ordenes-desktop');
    await desk.getByRole('link', { name: /Camila Soto/ }).click();
    await desk.getByText('Despacho a Los Aromos 55, depto. 3, Providencia').waitFor();
    await expectAccessible(desk);
    for (const [button, status] of [
      ['Empezar a preparar', 'Preparando'],
      ['Marcar como enviada', 'Enviado'],
      ['Marcar como entregada', 'Entregado'],
    ] as const) {
      if (status === 'Enviado') {
        // Sent with its tracking and a note: the buyer gets both by mail and on their page.
        await desk.getByLabel('Empresa de despacho').selectOption({ label: 'Chilexpress' });
        await desk.getByLabel('Número de seguimiento').fill('99887766');
        await desk.getByLabel('Mensaje para el cliente (opcional)').fill('Llega en 2 días hábiles');
        await expectAccessible(desk);
        await screenshot(desk, 'orden-enviar-desktop');
      }
      await desk.getByRole('button', { name: button }).click();
      await desk.locator('h1 + span', { hasText: status }).waitFor();
    }
    await desk.getByRole('heading', { name: 'Historial' }).waitFor();
    await screenshot(desk, 'orden-entregada-desktop');
    await desk.setViewportSize(MOBILE);
    await screenshot(desk, 'orden-entregada-mobile');
    // Each move mails the buyer; the newest file may still be «va en camino» when this looks.
    await waitForMailWith(mailDir, email, 'Pedido entregado', decodedMail);
    await page.goto(receipt);
    await page.getByRole('heading', { name: 'Seguimiento' }).waitFor();
    await page.getByText('Seguimiento 99887766 · Chilexpress').waitFor();
    await page.getByText('Llega en 2 días hábiles').waitFor();
    await page.getByRole('link', { name: 'Seguir el envío' }).waitFor();
    expect(await ownScripts(page)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'pedido-seguimiento-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'pedido-seguimiento-mobile');
    await buyer.close();
    await seller.context.close();
  }, 120_000);

  it('keeps a cart inside a seller site and takes a transfer order there, at 360 px', async () => {
    const api = new ApiClient(url);
    const account = await api.register();
    const { token } = account;
    await api.patch(
      '/api/store/',
      {
        ...SELLER_IDENTITY,
        name: 'Pan de Rosa',
        transfer_details: 'Banco de Chile, cuenta vista 123456',
        version: 0,
      },
      { token },
    );
    const pan = (
      await api.post(
        '/api/products/',
        { name: 'Pan amasado', price: 2500, published: true },
        { token },
      )
    ).body;
    const subdomain = `pan-${Date.now().toString(36)}`;
    const site = (
      await api.post(
        '/api/sites/',
        { name: 'Pan de Rosa', subdomain, template: 'tienda' },
        { token },
      )
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, { token });
    // The app's own origin is 127.0.0.1: its sites live on <sub>.localhost; Chromium sends those to this machine.
    const origin = `http://${subdomain}.localhost:${port}`;

    const visitor = await newContext(browserOf(), MOBILE);
    const page = await visitor.newPage();
    await page.goto(`${origin}/shop/${pan.slug}`);
    await page.getByRole('button', { name: 'Agregar al carro' }).click();
    await page.getByText('Agregaste «Pan amasado» al carro.').waitFor();
    expect(new URL(page.url()).host).toBe(`${subdomain}.localhost:${port}`);
    await page.getByLabel('Cantidad').fill('4');
    await page.getByRole('button', { name: 'Actualizar' }).click();
    await page.getByText('$10.000').first().waitFor();
    expect(await ownScripts(page)).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'pedido-carro-sitio-mobile');
    await fillBuyer(page, uniqueEmail('rosa'));
    await page.getByText('Transferencia bancaria').click();
    await confirmOrder(page);
    await page.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await page.getByText('Banco de Chile, cuenta vista 123456').waitFor();
    expect(new URL(page.url()).host).toBe(`${subdomain}.localhost:${port}`);
    await expectAccessible(page);
    await screenshot(page, 'pedido-recibo-sitio-mobile');
    await visitor.close();

    // The transfer never arrives: the seller cancels the order, after a question, on a phone.
    const desk = await (await sessionContext(browserOf(), url, account, MOBILE)).newPage();
    await desk.goto(`${url}/ordenes`);
    await desk
      .getByRole('link', { name: /Pan amasado|\$10\.000/ })
      .first()
      .click();
    await desk.getByText('Cancelar orden').click();
    await desk.getByText('Los productos vuelven al stock. No se puede deshacer.').waitFor();
    await screenshot(desk, 'orden-cancelar-mobile');
    await desk.setViewportSize(DESKTOP);
    await screenshot(desk, 'orden-cancelar-desktop');
    await desk.getByRole('button', { name: 'Sí, cancelar la orden' }).click();
    await desk.locator('h1 + span', { hasText: 'Cancelado' }).waitFor();
    await desk.context().close();
  });
});
