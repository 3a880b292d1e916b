/**
 * «Solicitudes de datos» (issue 48, Ley 21.719) in Chromium with JavaScript off: the seller finds a
 * buyer by e-mail among their own orders, downloads that buyer's data, and erases it; the figures
 * keep the sale. Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject, it } from 'vitest';
import { lookWithScript, MOBILE, signedInContext, useBrowser } from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('data requests', () => {
  it('finds a buyer, downloads their data and erases it, with JavaScript off', async () => {
    // The forms work with JavaScript off, as before any island loads; a second browser looks.
    const seller = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const page = await seller.context.newPage();
    const api = new ApiClient(url);
    const { product } = await openShop(api, seller.account.token, { product: { stock: 5 } });
    const email = uniqueEmail('pide-datos');
    const placed = await api.post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto Fuentes', email, phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);

    await page.goto(`${url}/ordenes`);
    await page.getByRole('link', { name: 'Solicitudes de datos' }).click();
    await page.getByLabel('Correo o teléfono').fill(email.toUpperCase());
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByRole('heading', { name: '1 pedido de Camila Soto Fuentes' }).waitFor();
    await page.getByText(`N° ${placed.body.number}`).waitFor();
    await lookWithScript(browserOf(), url, seller.account, page.url(), 'solicitudes-de-datos');

    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar sus datos (CSV)' }).click();
    const csv = await (await download).createReadStream();
    let text = '';
    for await (const chunk of csv) text += String(chunk);
    expect(text).toContain(placed.body.number);
    expect(text).toContain('Camila Soto Fuentes');

    await page.getByRole('checkbox', { name: /La persona pidió borrar sus datos/ }).check();
    await page.getByRole('button', { name: 'Borrar sus datos personales' }).click();
    await page.waitForURL(`${url}/solicitudes-de-datos`);
    await page.getByLabel('Correo o teléfono').fill(email);
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('No hay pedidos con datos de esa persona en tu tienda.').waitFor();
    const order = await api.get(`/api/orders/${placed.body.id}/`, {
      token: seller.account.token,
    });
    expect(order.body.number).toBe(placed.body.number);
    expect(order.body.total).toBe(placed.body.total);
    expect(JSON.stringify(order.body)).not.toContain(email);
    // Its page says the data were erased: no empty e-mail link, no «+56» chat, no «Hola, Datos».
    await page.goto(`${url}/ordenes/${placed.body.id}`);
    await page.getByText('Datos eliminados a pedido de la persona.').waitFor();
    const html = await page.content();
    expect(html).not.toContain('href="mailto:"');
    expect(html).not.toContain('(WhatsApp)');
    expect(html).not.toContain('Hola, Datos');
    await seller.context.close();
  });
});
