/**
 * Delivery by zone in Chromium: the seller sets rates per region and comuna, free shipping and two
 * pickup points at /despacho (a plain form, 1280 and 360 px, axe); a buyer at 360 px picks a
 * region, sees only its comunas, asks «Calcular despacho», is told where the shop does not
 * deliver, and orders for pickup at the second point with a note, on pages with no script of ours.
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
  confirmOrder,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('delivery by zone', () => {
  it('the seller prices zones at /despacho; the buyer is quoted by comuna and picks a pickup point', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const token = seller.account.token;
    const { product: taza } = await openShop(api, token);

    const page = await seller.context.newPage();
    await page.goto(`${url}/despacho`);
    await page.getByRole('heading', { name: 'Despacho y retiro' }).waitFor();
    await page.getByLabel('Costo a Región Metropolitana de Santiago').fill('2.990');
    await page.getByLabel('Días hábiles a Región Metropolitana de Santiago').fill('1 a 2');
    await page.getByLabel('Costo a Región de Valparaíso').fill('abc');
    await page.getByLabel('Comuna 1').selectOption({ label: 'Providencia' });
    await page.getByLabel('Costo', { exact: true }).first().fill('0');
    await page.getByLabel('Despacho gratis desde').fill('50.000');
    await page.getByLabel('Punto 1: nombre').fill('Taller');
    await page.getByLabel('Dirección').first().fill('Av. Italia 1234, Ñuñoa');
    await page.getByRole('button', { name: 'Guardar despacho' }).click();
    // Refused: the message next to its region, everything typed still there.
    await page.getByText('No pudimos guardar el despacho').waitFor();
    await page.getByText('Escribe el costo de despacho en pesos, por ejemplo 12.990.').waitFor();
    expect(await page.getByLabel('Punto 1: nombre').inputValue()).toBe('Taller');
    expect(await page.getByLabel('Comuna 1').inputValue()).toBe('13123');
    await expectAccessible(page);
    await screenshot(page, 'despacho-error-desktop');
    await page.getByLabel('Costo a Región de Valparaíso').fill('');
    await page.getByLabel('Punto 2: nombre').fill('Feria Pajaritos');
    await page.getByLabel('Dirección').nth(1).fill('Pajaritos 3000, Maipú');
    await page.getByLabel('Horario').nth(1).fill('Sábados, 9:00 a 14:00');
    await page.getByRole('button', { name: 'Guardar despacho' }).click();
    await page.locator('li.toast').getByText('Despacho guardado').waitFor();
    expect(await page.getByLabel('Punto 2: nombre').inputValue()).toBe('Feria Pajaritos');
    await screenshot(page, 'despacho-desktop');
    await page.setViewportSize(MOBILE);
    await expectAccessible(page);
    await screenshot(page, 'despacho-mobile');

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${taza.id}`);
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.waitForURL(/\/pay\?tienda=\d+#datos$/);
    expect(await shop.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    await shop.getByText('Despacho a domicilio', { exact: true }).click();
    await shop.getByText('Gratis en compras desde $50.000.').waitFor();
    await shop.getByLabel('Región').selectOption({ label: 'Región Metropolitana de Santiago' });
    // Only the chosen region's comunas are shown (CSS, no script).
    expect(
      await shop
        .locator('#comuna optgroup[data-region="05"]')
        .evaluate((el) => getComputedStyle(el).display),
    ).toBe('none');
    expect(
      await shop
        .locator('#comuna optgroup[data-region="13"]')
        .evaluate((el) => getComputedStyle(el).display),
    ).not.toBe('none');
    await shop.getByLabel('Comuna', { exact: true }).selectOption({ label: 'Ñuñoa' });
    await shop.getByLabel('Dirección', { exact: true }).fill('Los Aromos 55');
    await shop.getByRole('button', { name: 'Calcular despacho' }).click();
    await shop.getByText('Despacho a Ñuñoa: $2.990, llega en 1 a 2 días hábiles.').waitFor();
    await shop.getByText('$15.980').waitFor();
    expect(await shop.getByLabel('Dirección', { exact: true }).inputValue()).toBe('Los Aromos 55');
    await expectAccessible(shop);
    await screenshot(shop, 'pedido-despacho-zona-mobile');

    await shop.getByLabel('Región').selectOption({ label: 'Región de Valparaíso' });
    await shop.getByLabel('Comuna', { exact: true }).selectOption({ label: 'Viña del Mar' });
    await shop.getByRole('button', { name: 'Calcular despacho' }).click();
    await shop.getByText('No hay despacho a Viña del Mar. Puedes elegir retiro.').waitFor();

    await shop.getByText('Retiro gratis').click();
    await shop.getByText('Feria Pajaritos').click();
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    await shop.getByLabel('Correo electrónico').fill(uniqueEmail('camila'));
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByLabel('Nota para la tienda').fill('Es para regalo');
    await shop.getByText('Transferencia bancaria').click();
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await shop
      .getByText('Retiro en Feria Pajaritos: Pajaritos 3000, Maipú (Sábados, 9:00 a 14:00)')
      .waitFor();
    await shop.getByText('Es para regalo').waitFor();
    await screenshot(shop, 'pedido-retiro-punto-mobile');
    await buyer.close();

    // The seller's order page names the point and the note.
    const list = (await api.get('/api/orders/', { token })).body;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/ordenes/${list.results[0].id}`);
    await page.getByText('Nota del cliente').waitFor();
    await page.getByText('Retiro en Feria Pajaritos', { exact: false }).waitFor();
    await screenshot(page, 'orden-retiro-punto-desktop');
    await seller.context.close();
  });
});
