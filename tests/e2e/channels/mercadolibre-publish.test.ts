/**
 * A seller publishes a product at Mercado Libre with JavaScript off (issue 66): she picks the
 * product, takes the category Mercado Libre proposes, is told what it lacks, fills it in and
 * publishes; the listing comes back linked. Looked at on a phone and a desktop.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { ApiClient } from '../../support/http';
import { connectInBrowser, mlTestUser } from '../../support/mercadolibre-seller';
import { openShop } from '../../support/shop';

const base = inject('servers')[0]!.url;
const ml = inject('mercadolibreUrl');
useBrowser();

describe('publishing at Mercado Libre', () => {
  it('takes the proposed category, asks what it requires and links the listing', async ({
    noScript,
  }) => {
    const { page, view, account } = noScript;
    const api = new ApiClient(base);
    const user = await mlTestUser(ml);
    await openShop(api, account.token, {
      product: { name: 'Taza de greda', price: 12990, stock: 4 },
    });
    await connectInBrowser(page, base, user);

    await page.goto(`${base}/canales/mercadolibre/publicaciones`);
    await page.getByRole('link', { name: 'Publicar un producto en Mercado Libre' }).click();
    await page.getByLabel('Producto de tu tienda').selectOption({ label: 'Taza de greda' });
    await page.getByRole('button', { name: 'Buscar categoría' }).click();
    expect(await page.getByLabel('¿Qué es?').inputValue()).toBe('Taza de greda');
    await page.getByRole('radio', { name: /Tazas/ }).waitFor();
    await page.getByRole('button', { name: 'Elegir categoría' }).click();
    await page.getByRole('heading', { name: /Lo que pide la categoría MLC178700/ }).waitFor();
    await screenshot(page, 'canales-publicar-mobile');
    await page.getByLabel('Material').fill('Greda');
    await page.getByRole('button', { name: 'Publicar en Mercado Libre' }).click();
    await page.getByRole('status').getByText('Publicado en Mercado Libre').waitFor();
    expect(new URL(page.url()).pathname).toBe('/canales/mercadolibre/publicaciones');
    const linked = page.getByLabel('Producto de tu tienda para Taza de greda', { exact: true });
    expect(await linked.locator('option:checked').textContent()).toBe('Taza de greda');

    // Another product, at the category step, on a desktop.
    const plato = (
      await api.post(
        '/api/products/',
        { name: 'Plato', price: 9990, stock: 3 },
        {
          token: account.token,
        },
      )
    ).body;
    await view.setViewportSize(DESKTOP);
    await view.goto(`${base}/canales/mercadolibre/publicar?producto=${plato.id}`);
    await view.getByRole('heading', { name: '2. La categoría' }).waitFor();
    await expectAccessible(view);
    await screenshot(view, 'canales-publicar-desktop');
  });
});
