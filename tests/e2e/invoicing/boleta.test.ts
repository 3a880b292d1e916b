/**
 * A boleta for a paid sale, in Chromium (issue 49): the seller connects OpenFactura at /boletas
 * with JavaScript off; a buyer orders by transfer; the seller marks it paid on the order's page;
 * the buyer's receipt shows the boleta's folio and its PDF opens. Looked at, with axe, at 360 and
 * 1280 px.
 */
import { describe, expect, inject, it } from 'vitest';
import {
  confirmOrder,
  lookAtBothWidths,
  MOBILE,
  newContext,
  sessionContext,
  signedInContext,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const openfactura = openFacturaAt(inject('openfacturaUrl'));
const browserOf = useBrowser();

describe('boletas and facturas', () => {
  it('the seller connects OpenFactura without JavaScript; a paid order’s receipt shows its boleta', async () => {
    const seller = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const api = new ApiClient(url);
    const { product } = await openShop(api, seller.account.token, {
      identity: COMPANY_IDENTITY,
      name: 'Greda del Sur',
      product: { price: 12990, stock: 5 },
    });
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');

    const page = await seller.context.newPage();
    await page.goto(`${url}/productos`);
    await page.getByRole('link', { name: 'conecta OpenFactura y se emiten solas' }).click();
    await page.getByRole('heading', { name: 'Boletas electrónicas' }).waitFor();
    await page.getByText('Sin conectar').waitFor();
    // A key OpenFactura does not know: saved, and said so.
    await page.getByLabel('Llave de OpenFactura (API key)').fill('llave-equivocada');
    await page.getByRole('button', { name: 'Guardar y probar' }).click();
    await page.getByText('OpenFactura rechazó la llave').waitFor();
    await page.getByLabel('Llave de OpenFactura (API key)').fill(taxpayer.apikey);
    await page.getByRole('button', { name: 'Guardar y probar' }).click();
    await page.getByText('Conectado', { exact: true }).waitFor();
    await page.getByText('Greda del Sur SpA').waitFor();
    await expect(page.content()).resolves.not.toContain(taxpayer.apikey);
    const looking = await sessionContext(browserOf(), url, seller.account, MOBILE);
    const settings = await looking.newPage();
    await settings.goto(`${url}/boletas`);
    await lookAtBothWidths(settings, 'boletas');

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${product.id}`);
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    await shop.getByLabel('Correo electrónico').fill(uniqueEmail('boleta'));
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByText('Transferencia bancaria').click();
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    const receipt = shop.url().split('#')[0]!;

    // The transfer arrives: the seller marks it paid on the order's page.
    const order = (await api.get('/api/orders/', { token: seller.account.token })).body
      .results[0] as { id: number };
    await page.goto(`${url}/ordenes/${order.id}`);
    await page.getByRole('button', { name: 'Marcar como pagada' }).click();
    for (let i = 0; i < 30; i++) {
      await page.goto(`${url}/ordenes/${order.id}`);
      if (await page.getByText('Boleta electrónica N° 1', { exact: true }).count()) break;
      await page.waitForTimeout(300);
    }
    await page.getByText('Boleta electrónica N° 1 emitida').waitFor();

    await shop.goto(receipt);
    const line = shop.getByTestId('tax-document');
    await line.getByText('Boleta electrónica N° 1').waitFor();
    await lookAtBothWidths(shop, 'recibo-boleta');
    const href = await line.getByRole('link', { name: 'Descargar PDF' }).getAttribute('href');
    const pdf = await shop.request.get(new URL(href!, url).href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).toString('latin1')).toContain('Documento 39 folio 1');
    await Promise.all([looking.close(), buyer.close(), seller.context.close()]);
  });

  it('a business chooses «Factura» at checkout, its RUT is checked, and the receipt shows the factura', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const { product } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { price: 12990, stock: 5 },
    });
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      { token: seller.token },
    );

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${product.id}`);
    await shop.getByRole('button', { name: 'Comprar ahora' }).click();
    await shop.getByLabel('Nombre y apellido').fill('Camila Soto');
    await shop.getByLabel('Correo electrónico').fill(uniqueEmail('factura'));
    await shop.getByLabel('Teléfono').fill('9 8765 4321');
    await shop.getByText('Transferencia bancaria').click();
    // A boleta unless asked: the business's fields show only for a factura.
    await expect(shop.getByLabel('RUT de la empresa').isVisible()).resolves.toBe(false);
    await shop.getByLabel('Factura para una empresa').check();
    await shop.getByLabel('RUT de la empresa').fill('77.654.321-0');
    await shop.getByLabel('Razón social').fill('Cafetería El Andén SpA');
    await shop.getByLabel('Giro').fill('Venta de café y pasteles');
    await shop.getByLabel('Dirección de la empresa').fill('Av. Providencia 1234');
    await shop.getByLabel('Comuna de la empresa').fill('Providencia');
    await lookAtBothWidths(shop, 'checkout-factura');
    await confirmOrder(shop);
    await shop.getByText('Ese RUT no es válido: revisa el dígito verificador.').waitFor();
    await expect(shop.getByLabel('Razón social').inputValue()).resolves.toBe(
      'Cafetería El Andén SpA',
    );
    await shop.getByLabel('RUT de la empresa').fill('77.654.321-7');
    await confirmOrder(shop);
    await shop.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    const receipt = shop.url().split('#')[0]!;

    const order = (await api.get('/api/orders/', { token: seller.token })).body.results[0] as {
      id: number;
    };
    await api.patch(`/api/orders/${order.id}/`, { status: 'pagado' }, { token: seller.token });
    const line = shop.getByTestId('tax-document');
    for (let i = 0; i < 30; i++) {
      await shop.goto(receipt);
      if (await line.getByText('Factura electrónica N° 1').count()) break;
      await shop.waitForTimeout(300);
    }
    await line.getByText('Factura electrónica N° 1').waitFor();
    const [sent] = await openfactura.documents(taxpayer.apikey);
    expect(sent!.dte.Encabezado.Receptor.RUTRecep).toBe('77654321-7');
    await buyer.close();
  });
});
