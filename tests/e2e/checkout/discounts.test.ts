/**
 * A discount code in Chromium: the seller creates one at /descuentos (a plain form: an error shown
 * in place, then the code in the list; 1280 and 360 px, axe); a buyer at 360 px types it at
 * checkout, sees what it takes off before confirming, and the receipt keeps it. No script of ours
 * on the buyer's pages. Then the seller pauses a code and deletes it after a confirmation.
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

describe('discount codes', () => {
  it('the seller creates a code; the buyer applies it at checkout and pays less', async ({
    desktop,
  }) => {
    const seller = desktop;
    const api = new ApiClient(url);
    const { product: taza } = await openShop(api, seller.account.token);

    const page = await seller.context.newPage();
    await page.goto(`${url}/descuentos`);
    await page.getByText('Todavía no tienes códigos.').waitFor();
    await page.getByLabel('Código', { exact: true }).fill('verano-10');
    await page.getByLabel('Descuento', { exact: true }).fill('150');
    await page.getByRole('button', { name: 'Crear código' }).click();
    await page.getByText('Un porcentaje va de 1 a 100.').waitFor();
    expect(await page.getByLabel('Código', { exact: true }).inputValue()).toBe('verano-10');
    await page.getByLabel('Descuento', { exact: true }).fill('10');
    await page.getByRole('button', { name: 'Crear código' }).click();
    await page.locator('li.toast').getByText('Código creado').waitFor();
    await page.getByText('VERANO-10', { exact: true }).waitFor();
    // A second code for one product only: checked in the form's list, named in the code's line.
    await page.getByText('Limitar a algunas categorías o productos (opcional)').click();
    await page.getByRole('group', { name: 'Productos' }).getByLabel('Taza de greda').check();
    await page.getByLabel('Código', { exact: true }).fill('taza-20');
    await page.getByLabel('Descuento', { exact: true }).fill('20');
    await page.getByRole('button', { name: 'Crear código' }).click();
    await page.getByText('TAZA-20', { exact: true }).waitFor();
    await page.getByText('20 % de descuento · solo Taza de greda').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'descuentos-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'descuentos-mobile');

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${taza.id}`);
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.getByLabel('Código de descuento').fill('nada');
    await shop.getByRole('button', { name: 'Aplicar' }).click();
    await shop.getByText('Ese código no existe o ya no está vigente.').waitFor();
    await shop.getByLabel('Código de descuento').fill('verano-10');
    await shop.getByRole('button', { name: 'Aplicar' }).click();
    await shop.getByText('Código VERANO-10 aplicado: -$1.299.').waitFor();
    await shop.getByText('$11.691').first().waitFor();
    expect(await shop.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    await expectAccessible(shop);
    await screenshot(shop, 'pedido-descuento-mobile');
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    await shop.getByLabel('Correo electrónico').fill(uniqueEmail('camila'));
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByText('Transferencia bancaria').click();
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await shop.getByText('Descuento (VERANO-10)').waitFor();
    await shop.getByText('$11.691').first().waitFor();
    await buyer.close();

    await page.reload();
    await page.getByText('1 uso · $11.691 en pedidos').waitFor();
    // Pausing is one click and undoes itself; deleting asks first.
    await page.getByRole('button', { name: 'Pausar TAZA-20' }).click();
    await page.locator('li.toast').getByText('Código pausado').waitFor();
    await page.getByRole('button', { name: 'Reactivar TAZA-20' }).waitFor();
    await page.getByLabel('Eliminar TAZA-20', { exact: true }).click();
    await screenshot(page, 'descuentos-eliminar-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'descuentos-eliminar-desktop');
    await page.getByRole('button', { name: 'Sí, eliminar TAZA-20' }).click();
    await page.locator('li.toast').getByText('Código eliminado').waitFor();
    expect(await page.getByText('TAZA-20', { exact: true }).count()).toBe(0);
    await page.getByText('VERANO-10', { exact: true }).waitFor();
    await seller.context.close();
  });
});
