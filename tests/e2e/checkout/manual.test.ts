/**
 * «Nueva orden» (issue 51) in Chromium with JavaScript off: the seller records an order agreed in a
 * chat (a refusal keeps what was typed), gets the buyer's link to send by WhatsApp, and records a
 * sale in person, paid at once, and a counter sale with only its products and payment, born
 * «Entregado». `/ordenes/nueva` looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
useBrowser();

describe('orders the seller takes', () => {
  it('records a chat order with its link to send, and a sale in person', async ({ noScript }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    await openShop(api, account.token, { name: 'Cerámica Ana' });
    page.setDefaultTimeout(10_000);
    await page.goto(`${url}/ordenes`);
    await page.getByRole('link', { name: '+ Nueva orden' }).click();
    await page.getByRole('heading', { name: 'Nueva orden', level: 1 }).waitFor();
    await view.goto(page.url());
    await lookAtBothWidths(view, 'orden-nueva');

    // A phone that is not Chilean: refused in Spanish, the quantity and the name still there.
    await page.getByLabel(/Taza de greda/).fill('2');
    await page.getByLabel('Nombre de tu cliente').fill('Camila Soto');
    await page.getByLabel('Correo de tu cliente').fill(uniqueEmail('camila'));
    await page.getByLabel('Teléfono de tu cliente').fill('123');
    await page.getByRole('button', { name: 'Crear orden' }).click();
    await page.getByText('Escribe un teléfono chileno, por ejemplo +56 9 1234 5678.').waitFor();
    expect(await page.getByLabel(/Taza de greda/).inputValue()).toBe('2');
    expect(await page.getByLabel('Nombre de tu cliente').inputValue()).toBe('Camila Soto');

    await page.getByLabel('Teléfono de tu cliente').fill('9 8765 4321');
    await page.getByRole('button', { name: 'Crear orden' }).click();
    await page.getByRole('status').getByText('Orden creada').waitFor();
    await page.getByText('Pendiente de pago').first().waitFor();
    const receipt = (await page
      .getByRole('link', { name: /\/pay\/orden\// })
      .textContent())!.trim();
    const send = await page.getByRole('link', { name: 'Enviar por WhatsApp' }).getAttribute('href');
    expect(send).toMatch(/^https:\/\/wa\.me\/56987654321\?text=/);
    expect(decodeURIComponent(send!)).toContain(receipt);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'orden-manual');

    // A sale in person: paid at once.
    await page.goto(`${url}/ordenes/nueva`);
    await page.getByLabel(/Taza de greda/).fill('1');
    await page.getByLabel('Nombre de tu cliente').fill('Pedro Rojas');
    await page.getByLabel('Correo de tu cliente').fill(uniqueEmail('pedro'));
    await page.getByLabel('Teléfono de tu cliente').fill('9 1111 2222');
    await page.getByLabel('¿Ya te pagó?').selectOption('efectivo');
    await page.getByRole('button', { name: 'Crear orden' }).click();
    await page.getByRole('status').getByText('Orden creada').waitFor();
    await page.getByText('Venta en persona: efectivo.').first().waitFor();

    // A counter sale as a feria goes: the products and how she was paid, one post, nothing else.
    await page.goto(`${url}/ordenes/nueva`);
    await page.getByLabel(/Taza de greda/).fill('1');
    await page.getByLabel('¿Ya te pagó?').selectOption('tarjeta');
    await page.getByRole('button', { name: 'Crear orden' }).click();
    await page.getByRole('status').getByText('Orden creada').waitFor();
    await page.getByText('Entregado en el momento de la venta.').first().waitFor();
    expect(await page.getByText('Sin datos de contacto.').count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Enviar por WhatsApp' }).count()).toBe(0);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'venta-en-persona');
    const counterReceipt = await page
      .getByRole('link', { name: /\/pay\/orden\// })
      .getAttribute('href');
    await view.goto(counterReceipt!);
    await view.getByText('Te lo llevaste al momento de la compra').waitFor();
    await lookAtBothWidths(view, 'venta-en-persona-comprobante');
    await close();
  });
});
