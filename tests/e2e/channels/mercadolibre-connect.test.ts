/**
 * A seller connects Mercado Libre at /canales with JavaScript off (issue 66): the plain link goes
 * to Mercado Libre (the local one consents at once) and back with her account named; she checks
 * and disconnects it. Looked at on a phone and a desktop.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { ML_SELLER } from '../../support/mercadolibre';
import { ApiClient } from '../../support/http';

const base = inject('servers')[0]!.url;
useBrowser();

describe('Mercado Libre at /canales', () => {
  it('connects by OAuth, checks and disconnects without JavaScript', async ({ noScript }) => {
    const { page, view } = noScript;
    await page.goto(`${base}/dashboard`);
    await screenshot(page, 'dashboard-canales-mobile');
    await page.getByRole('link', { name: 'Canales de venta' }).click();
    const card = page.getByRole('region', { name: 'Mercado Libre' });
    await card.getByRole('link', { name: 'Conectar Mercado Libre' }).click();
    await page
      .getByRole('status')
      .getByText(`Mercado Libre conectado: ${ML_SELLER.nickname}`)
      .waitFor();
    expect(page.url()).toBe(`${base}/canales`);
    await card.getByText(`Cuenta ${ML_SELLER.nickname}`).waitFor();
    expect(await page.content()).not.toMatch(/APP_USR|TG-/);
    await screenshot(page, 'canales-mercadolibre-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${base}/canales`);
    await expectAccessible(view);
    await screenshot(view, 'canales-mercadolibre-desktop');

    // Her listings, with the products they look like proposed; she keeps them.
    const api = new ApiClient(base);
    const as = { token: noScript.account.token };
    await api.post('/api/products/', { name: 'Taza', price: 12990, gtin: '7801234567894' }, as);
    await api.post(
      '/api/products/',
      {
        name: 'Polera de algodón orgánico',
        price: 15990,
        options: [{ name: 'Talla', values: ['M', 'L'] }],
        variants: [
          { values: ['M'], stock: 2, sku: 'POL-M' },
          { values: ['L'], stock: 6 },
        ],
      },
      as,
    );
    await card.getByRole('link', { name: 'Vincular publicaciones' }).click();
    await page.getByText('propuesto por código de barras').waitFor();
    expect(
      await page.getByLabel('Producto de tu tienda para Taza de greda esmaltada').inputValue(),
    ).not.toBe('');
    await page.getByText('propuesto por SKU').waitFor();
    await page.getByRole('button', { name: 'Guardar vínculos' }).click();
    await page.getByRole('status').getByText('Publicaciones vinculadas').waitFor();
    await page
      .getByRole('status')
      .getByText('3 de 3 publicaciones quedaron vinculadas a tus productos.')
      .waitFor();
    await screenshot(page, 'canales-publicaciones-mobile');
    await view.goto(`${base}/canales/mercadolibre/publicaciones`);
    await expectAccessible(view);
    await screenshot(view, 'canales-publicaciones-desktop');
    await page.goto(`${base}/canales`);

    await card.getByRole('button', { name: 'Probar conexión' }).click();
    await page
      .getByRole('status')
      .getByText(`Mercado Libre conectado: ${ML_SELLER.nickname}`)
      .waitFor();
    await card.getByRole('button', { name: 'Desconectar Mercado Libre' }).click();
    await page.getByRole('status').getByText('Mercado Libre desconectado').waitFor();
    await card.getByRole('link', { name: 'Conectar Mercado Libre' }).waitFor();
  });
});
