/**
 * Issue 67's walk, JavaScript off: an owner invites a «Ventas y despacho» member by mail at /equipo;
 * the member opens the link, signs in, joins, and works in the owner's shop: moves an order (the
 * timeline names them), sells at the counter (the cierre names them), is refused /cobros with the
 * «sin permiso» page, and sees which shop they work in. The owner removes them and their next page
 * is their own account again. Looked at on a phone and a desktop.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';

const { url } = inject('servers')[0]!;
const mailDir = inject('mailDir');
const browserOf = useBrowser();

describe('a shop run by a team', () => {
  it('invites, joins, works within the role, and is removed at once', async ({ noScript }) => {
    const { page, view, account } = noScript;
    page.setDefaultTimeout(8000);
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product } = await openShop(api, account.token);
    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Tomás Vera', email: uniqueEmail('tomas'), phone: '9 1234 5678' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    const id = placed.body.id as number;
    const { version } = (await api.get(`/api/orders/${id}/`, as)).body;
    await api.patch(`/api/orders/${id}/`, { status: 'pagado', version }, as);

    // The owner invites; a bad address keeps what was typed.
    const email = uniqueEmail('camila');
    await page.goto(`${url}/equipo`);
    await page.getByLabel('Correo').fill('camila@');
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByText('No pudimos enviar la invitación').waitFor();
    expect(await page.getByLabel('Correo').inputValue()).toBe('camila@');
    await page.getByLabel('Correo').fill(email);
    await page.getByRole('button', { name: 'Enviar invitación' }).click();
    await page.getByRole('status').getByText(`Invitación enviada a ${email}`).waitFor();
    await page.getByText(email, { exact: false }).first().waitFor();

    // The member opens the mail's link, signs in, and joins.
    const mail = await waitForMailWith(mailDir, email, '/equipo/unirse', decodedMail);
    const link = /https?:\/\/\S+\/equipo\/unirse\?token=[A-Za-z0-9_-]+/.exec(mail)![0];
    const member = await new ApiClient(url).register({ email, full_name: 'Camila Rojas' });
    const context = await newContext(browserOf(), MOBILE, { javaScriptEnabled: false });
    const phone = await context.newPage();
    phone.setDefaultTimeout(8000);
    await phone.goto(link);
    await phone.waitForURL(/\/login/);
    await phone.getByLabel('Correo electrónico').fill(email);
    await phone.getByLabel('Contraseña').fill(member.password);
    await phone.getByRole('button', { name: 'Ingresar', exact: true }).click();
    await phone.getByRole('heading', { name: /Te invitan a «Greda del Sur»/ }).waitFor();
    await screenshot(phone, 'equipo-unirse-mobile');
    await phone.setViewportSize(DESKTOP);
    await screenshot(phone, 'equipo-unirse-desktop');
    await phone.setViewportSize(MOBILE);
    await phone.getByRole('button', { name: 'Unirme a Greda del Sur' }).click();
    await phone.waitForURL(`${url}/ordenes`);
    await phone.getByText('Trabajas en «Greda del Sur» como Ventas y despacho.').waitFor();
    await screenshot(phone, 'equipo-miembro-ordenes-mobile');

    // Moves the order; the timeline names them.
    await phone.goto(`${url}/ordenes/${id}`);
    await phone.getByRole('button', { name: 'Empezar a preparar' }).click();
    await phone.getByText('por Camila Rojas').first().waitFor();
    // A sale at the counter, by the member.
    await phone.goto(`${url}/vender`);
    await phone.getByLabel('Taza de greda').fill('1');
    await phone.getByRole('button', { name: 'Ver total' }).click();
    await phone.getByText('Tarjeta (mi máquina)', { exact: true }).click();
    await phone.getByRole('button', { name: /^Cobrar/ }).click();
    await phone.waitForURL(/\/vender\/recibo\/\d+$/);
    await phone.goto(`${url}/vender/caja`);
    await phone.getByText('Camila Rojas (1 venta)').waitFor();
    // Money and keys are the owner's.
    const refused = await phone.goto(`${url}/cobros`);
    expect(refused?.status()).toBe(403);
    await phone.getByRole('heading', { name: 'Esta página no es parte de tu rol' }).waitFor();
    await screenshot(phone, 'sin-permiso-mobile');
    await phone.setViewportSize(DESKTOP);
    await screenshot(phone, 'sin-permiso-desktop');
    await phone.setViewportSize(MOBILE);

    // The owner sees the team, and removes the member.
    await page.goto(`${url}/equipo`);
    await page.getByText('Camila Rojas').first().waitFor();
    await screenshot(page, 'equipo-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${url}/equipo`);
    await expectAccessible(view);
    await screenshot(view, 'equipo-desktop');
    await page.getByText('Quitar del equipo').click();
    await page.getByRole('button', { name: 'Sí, quitar' }).click();
    await page.getByRole('status').getByText('Quitaste a la persona del equipo').waitFor();

    // The member's next page is their own account: the owner's order is no longer there.
    const after = await phone.goto(`${url}/ordenes/${id}`);
    expect(after?.status()).toBe(404);
    await context.close();
  });
});
