/**
 * A seller without OpenFactura (issue 49), in Chromium with JavaScript off: the dashboard says a
 * paid sale has no boleta, the order book lists it, the order's page says what to type in the
 * SII's system, and the folio typed there is recorded (a typo keeps what was typed). A product
 * marked «Exento de IVA» in the no-script form makes the sheet a boleta exenta, and the month's
 * IVA page (F29) counts it. Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
useBrowser();

describe('boletas emitted in the SII', () => {
  it('the seller reads what to type in the SII and records the folio, without JavaScript', async ({
    noScript,
  }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    const as = { token: account.token };
    const { product } = await openShop(api, account.token, {
      product: { name: 'Clase de torno', price: 20000 },
    });
    // Marked exempt in the product's own form.
    await page.goto(`${url}/productos/${product.id}`);
    await page.getByLabel('Exento de IVA').check();
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.waitForURL(/\/productos/);
    expect((await api.get(`/api/products/${product.id}/`, as)).body.tax_exempt).toBe(true);

    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 2 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('sii'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);

    await page.goto(`${url}/dashboard`);
    const notice = page.getByTestId('undocumented');
    await notice.getByText('1 venta pagada sin boleta este mes o el anterior').waitFor();
    await notice.getByRole('link', { name: 'Ver ventas sin boleta' }).click();
    await page.getByRole('link', { name: new RegExp(placed.body.number) }).click();

    const sheet = page.getByTestId('sii-sheet');
    await sheet
      .getByRole('heading', { name: 'Emite la boleta exenta electrónica en el SII' })
      .waitFor();
    await expect(sheet.locator('dl').innerText()).resolves.toMatch(/Exento\s+\$40\.000/);
    await expect(sheet.locator('dl').innerText()).resolves.not.toContain('IVA');
    await view.goto(page.url());
    await lookAtBothWidths(view, 'orden-boleta-sii');
    await view.goto(`${url}/dashboard`);
    await lookAtBothWidths(view, 'panel-sin-boleta');

    await sheet.getByLabel('Folio de la boleta exenta electrónica').fill('12a');
    await sheet.getByRole('button', { name: 'Registrar folio' }).click();
    await page.getByText('Escribe el folio: el número que el SII le dio a la boleta.').waitFor();
    await expect(
      page.getByLabel('Folio de la boleta exenta electrónica').inputValue(),
    ).resolves.toBe('12a');
    await page.getByLabel('Folio de la boleta exenta electrónica').fill('1207');
    await page.getByRole('button', { name: 'Registrar folio' }).click();
    const line = page.getByTestId('tax-document');
    await line.getByText('Boleta exenta electrónica N° 1207').waitFor();
    await line.getByText('emitida en el SII').waitFor();
    await page
      .getByText('Boleta exenta electrónica N° 1207 registrada (emitida en el SII)')
      .waitFor();
    await expect(page.getByTestId('sii-sheet').count()).resolves.toBe(0);

    await page.goto(`${url}/dashboard`);
    await expect(page.getByTestId('undocumented').count()).resolves.toBe(0);
    await page.goto(`${url}/ordenes?documento=sin`);
    await page.getByText('Todas tus ventas pagadas tienen su boleta.').waitFor();

    // The month's declaration counts it.
    await page.goto(`${url}/cifras`);
    await page.getByRole('link', { name: 'IVA del mes (F29)' }).click();
    // At 360 px each type is a card (the table from 640 px up).
    const card = page.getByRole('listitem').filter({ hasText: 'Boleta exenta electrónica (1)' });
    await expect(card.innerText()).resolves.toMatch(/Exento\s+\$40\.000\s+Total\s+\$40\.000/);
    await view.goto(page.url());
    await lookAtBothWidths(view, 'iva-del-mes');
    await close();
  });
});
