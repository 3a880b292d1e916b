/**
 * Consumer law on a purchase (issue 48, Ley 19.496), in Chromium with no JavaScript from us: before
 * «Confirmar pedido» the buyer sees the derecho a retracto in its own box and who sells (name, RUT,
 * address, contact); the shop's terms are a required checkbox. After the sale is paid, «Quiero
 * retractarme» on the order page records the request on the timeline, and both mails arrive.
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
  sessionContext,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { SELLER_IDENTITY } from '../../support/shop';

const { url } = inject('servers')[0]!;
const mailDir = inject('mailDir');
const browserOf = useBrowser();

describe('derecho a retracto', () => {
  it('is on screen before payment with who sells, and a request reaches the seller and the timeline', async ({
    desktop,
  }) => {
    const seller = desktop;
    await seller.context.close();
    const api = new ApiClient(url);
    const as = { token: seller.account.token };
    const saved = await api.patch(
      '/api/store/',
      {
        ...SELLER_IDENTITY,
        name: 'Greda del Sur',
        transfer_details: 'Banco Estado, cuenta RUT 12.345.678-5',
        legal_name: 'Rosa Muñoz Pérez',
        legal_rut: '123456785',
        legal_address: 'Av. Italia 1234, Ñuñoa, Región Metropolitana de Santiago',
        version: 0,
      },
      as,
    );
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.legal_rut).toBe('12.345.678-5');
    const taza = (
      await api.post(
        '/api/products/',
        { name: 'Taza de greda', price: 12990, stock: 5, published: true },
        as,
      )
    ).body;

    const buyer = await newContext(browserOf(), MOBILE);
    const page = await buyer.newPage();
    const email = uniqueEmail('retracto');
    await page.goto(`${url}/shop/${taza.id}`);
    await page.getByRole('button', { name: 'Comprar ahora' }).click();
    await page.waitForURL(/\/pay\?tienda=\d+#datos$/);
    const box = page.getByRole('region', { name: 'Derecho a retracto' });
    await expect(box.textContent()).resolves.toContain(
      'Tienes 10 días desde que recibes tu pedido para retractarte de la compra',
    );
    const sellerText = await page.locator('#quien-vende').textContent();
    expect(sellerText).toContain('Vende Rosa Muñoz Pérez, RUT 12.345.678-5.');
    expect(sellerText).toContain('Domicilio: Av. Italia 1234, Ñuñoa');
    // Her sign-in address is no contact she gave the shop.
    expect(sellerText).not.toContain(seller.account.user.email);
    // Both come before the button.
    const [boxY, buttonY] = await Promise.all([
      box.evaluate((el) => el.getBoundingClientRect().top),
      page
        .getByRole('button', { name: 'Confirmar pedido' })
        .evaluate((el) => el.getBoundingClientRect().top),
    ]);
    expect(boxY).toBeLessThan(buttonY);
    await page.getByLabel('Nombre y apellido').fill('Camila Soto');
    await page.getByLabel('Correo electrónico').fill(email);
    await page.getByLabel('Teléfono').fill('9 8765 4321');
    await page.getByText('Transferencia bancaria').click();
    await expectAccessible(page);
    await screenshot(page, 'checkout-retracto-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'checkout-retracto-desktop');

    // The terms unticked: refused, with what was typed kept.
    await page.getByRole('button', { name: 'Confirmar pedido' }).click();
    await page
      .getByText('Acepta los términos y condiciones de la tienda para confirmar.')
      .waitFor();
    await expect(page.getByLabel('Correo electrónico').inputValue()).resolves.toBe(email);
    await confirmOrder(page);
    await page.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    const receipt = page.url();

    // The transfer arrives: the seller marks it paid.
    const orders = (await api.get('/api/orders/', as)).body.results as {
      id: number;
      version: number;
    }[];
    const order = orders[0]!;
    const paid = await api.patch(
      `/api/orders/${order.id}/`,
      { status: 'pagado', version: order.version },
      as,
    );
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);

    // The page as the buyer opens it again from the mail's link.
    await page.goto(receipt.split('#')[0]!);
    const section = page.getByRole('region', { name: 'Derecho a retracto' });
    await section.getByText('Puedes retractarte de esta compra sin dar razones').waitFor();
    // The request is final: the first tap only asks to confirm it, and nothing is sent yet.
    await section.getByText('Quiero retractarme').click();
    await section.getByText('¿Seguro?').waitFor();
    expect(await page.getByText(/Pediste retractarte/).count()).toBe(0);
    await section.getByRole('button', { name: 'Sí, me retracto de la compra' }).click();
    await page.getByText(/Pediste retractarte de esta compra el/).waitFor();
    await page.getByText('Solicitud de retracto').first().waitFor();
    await expectAccessible(page);
    await screenshot(page, 'recibo-retracto-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'recibo-retracto-mobile');
    await buyer.close();

    const toSeller = await waitForMailWith(
      mailDir,
      seller.account.user.email,
      'pidió retractarse',
      decodedMail,
    );
    expect(toSeller).toContain('Solicitud de retracto');
    expect(toSeller).toContain('a más tardar 45 días');
    const toBuyer = await waitForMailWith(
      mailDir,
      email,
      'Registramos tu solicitud de retracto',
      decodedMail,
    );
    expect(toBuyer).toContain('Vende Rosa Muñoz Pérez, RUT 12.345.678-5.');

    // The seller's order page shows it on the timeline.
    const desk = await (await sessionContext(browserOf(), url, seller.account, DESKTOP)).newPage();
    await desk.goto(`${url}/ordenes/${order.id}`);
    await desk.getByText('Solicitud de retracto').first().waitFor();
    // Hard to miss: a banner with the day the refund is due, a badge and a tab in the order book.
    const banner = desk.locator('#retracto');
    await banner.getByText('pidió retractarse de esta compra').waitFor();
    expect(await banner.textContent()).toMatch(/a más tardar el \d{1,2} de \w+ de \d{4}/);
    await screenshot(desk, 'orden-retracto-desktop');
    await desk.setViewportSize(MOBILE);
    await screenshot(desk, 'orden-retracto-mobile');
    await desk.goto(`${url}/ordenes`);
    await desk.getByRole('link', { name: /^Retracto/ }).click();
    await desk.waitForURL(/retracto=si/);
    const rows = desk.getByRole('list', { name: 'Órdenes' }).getByRole('listitem');
    expect(await rows.count()).toBe(1);
    await rows.getByText('Retracto', { exact: true }).waitFor();
    await screenshot(desk, 'ordenes-retracto-mobile');
    const detail = await api.get(`/api/orders/${order.id}/`, as);
    expect(detail.body.retracto_requested_at).toEqual(expect.any(String));
    await desk.context().close();
  });
});
