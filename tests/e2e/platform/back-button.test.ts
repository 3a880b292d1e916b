/**
 * Create forms survive the back button (issue 62), in Chromium as a new seller meets them: she
 * creates something, goes back, finds the form filled again by the browser and presses once more,
 * and twice quickly too. Each ends with one thing made: a product, a category, a discount code, a
 * site and a manual order; a canvas's island empties its form once sent.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { useBrowser, waitForHydration } from '../../support/browser';
import { it } from '../../support/e2e';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
useBrowser();

/**
 * Fills and submits a create form, goes back and submits it again as the browser shows it: with
 * the fields it restored, or (a form whose island renders it anew) typed again the same.
 */
async function backAndAgain(
  page: Page,
  fill: () => Promise<void>,
  restored: { label: string; value: string },
  submit: () => Promise<void>,
) {
  await fill();
  await submit();
  await page.waitForLoadState('load');
  const after = page.url();
  await page.goBack();
  await page.waitForLoadState('load');
  const field = page.getByLabel(restored.label, { exact: true });
  await field.waitFor();
  if ((await field.inputValue()) !== restored.value) await fill();
  await submit();
  await page.waitForLoadState('load');
  return after;
}

describe('a create form sent again after the back button', () => {
  it('makes one product, one category and one discount code', async ({ desktop }) => {
    const api = new ApiClient(url);
    const as = { token: desktop.account.token };
    await openShop(api, desktop.account.token);
    const page = await desktop.context.newPage();

    await page.goto(`${url}/productos/nuevo`);
    await backAndAgain(
      page,
      async () => {
        await page.getByLabel('Nombre', { exact: true }).fill('Pan de pascua');
        await page.getByLabel('Precio (IVA incluido)').fill('8990');
      },
      { label: 'Nombre', value: 'Pan de pascua' },
      () => page.getByRole('button', { name: 'Crear producto' }).click(),
    );
    const named = async (name: string) => {
      const found = (await api.get('/api/products/', as)).body;
      return found.results.filter((p: { name: string }) => p.name === name);
    };
    expect(await named('Pan de pascua')).toHaveLength(1);
    // A double click: one product too.
    await page.goto(`${url}/productos/nuevo`);
    await page.getByLabel('Nombre', { exact: true }).fill('Queque de naranja');
    await page.getByLabel('Precio (IVA incluido)').fill('5990');
    await page.getByRole('button', { name: 'Crear producto' }).dblclick();
    await page.waitForURL(/\/productos\/\d+$/);
    expect(await named('Queque de naranja')).toHaveLength(1);

    await page.goto(`${url}/categorias`);
    await backAndAgain(
      page,
      () => page.getByLabel('Nueva categoría').fill('Panes'),
      { label: 'Nueva categoría', value: 'Panes' },
      () => page.getByRole('button', { name: 'Agregar' }).click(),
    );
    const categories = (await api.get('/api/categories/', as)).body;
    const list = Array.isArray(categories) ? categories : categories.results;
    expect(list.filter((c: { name: string }) => c.name === 'Panes')).toHaveLength(1);

    await page.goto(`${url}/descuentos`);
    await backAndAgain(
      page,
      async () => {
        await page.getByLabel('Código', { exact: true }).fill('pascua-10');
        await page.getByLabel('Descuento', { exact: true }).fill('10');
      },
      { label: 'Código', value: 'pascua-10' },
      () => page.getByRole('button', { name: 'Crear código' }).click(),
    );
    await page.getByText('PASCUA-10', { exact: true }).first().waitFor();
    const codes = (await api.get('/api/discounts/', as)).body;
    const rows = Array.isArray(codes) ? codes : codes.results;
    expect(rows.filter((d: { code: string }) => d.code === 'PASCUA-10')).toHaveLength(1);
    // «Ya tienes ese código» never shows: the repeat lands where the first went.
    expect(await page.getByText('Ya tienes un código').count()).toBe(0);
  });

  it('makes one canvas: its island forgets what was sent, so Back shows an empty form', async ({
    desktop,
  }) => {
    const api = new ApiClient(url);
    const as = { token: desktop.account.token };
    const page = await desktop.context.newPage();
    await page.goto(`${url}/canvas/iniciar`);
    await waitForHydration(page);
    const press = () =>
      page.getByRole('button', { name: 'Empezar por los segmentos de clientes →' }).dblclick();
    await page.getByLabel('Nombre de tu idea').fill('Panadería de masa madre');
    await press();
    await page.waitForURL(/\/canvas\/\d+\//);
    await page.goBack();
    await waitForHydration(page);
    expect(await page.getByLabel('Nombre de tu idea').inputValue()).toBe('');
    await press();
    await page.getByText('Escribe el nombre de tu idea').first().waitFor();
    const canvases = (await api.get('/api/canvases/', as)).body;
    expect(Array.isArray(canvases) ? canvases : canvases.results).toHaveLength(1);
  });

  it('makes one site and one manual order', async ({ desktop }) => {
    const api = new ApiClient(url);
    const as = { token: desktop.account.token };
    await openShop(api, desktop.account.token);
    const page = await desktop.context.newPage();

    await page.goto(`${url}/page-builder`);
    const subdomain = `atras-${Date.now().toString(36)}`;
    const first = await backAndAgain(
      page,
      async () => {
        await page.getByLabel('Nombre del sitio').fill('Panadería Atrás');
        await page.getByLabel('Dirección').fill(subdomain);
        await page.getByText('En blanco', { exact: true }).click();
      },
      { label: 'Nombre del sitio', value: 'Panadería Atrás' },
      () => page.getByRole('button', { name: 'Crear sitio' }).click(),
    );
    expect(first).toMatch(/\/page-builder\/editor\/\d+$/);
    // The second press lands in the same site's editor, not on «esa dirección ya está tomada».
    expect(page.url()).toBe(first);
    const sites = (await api.get('/api/sites/', as)).body;
    const mine = Array.isArray(sites) ? sites : sites.results;
    expect(mine.filter((s: { subdomain: string }) => s.subdomain === subdomain)).toHaveLength(1);

    await page.goto(`${url}/ordenes/nueva`);
    const pedro = uniqueEmail('pedro');
    const order = await backAndAgain(
      page,
      async () => {
        await page.getByLabel(/Taza de greda/).fill('1');
        await page.getByLabel('Nombre de tu cliente').fill('Pedro Rojas');
        await page.getByLabel('Correo de tu cliente').fill(pedro);
        await page.getByLabel('Teléfono de tu cliente').fill('9 1111 2222');
      },
      { label: 'Nombre de tu cliente', value: 'Pedro Rojas' },
      () => page.getByRole('button', { name: 'Crear orden' }).click(),
    );
    expect(page.url()).toBe(order);
    const orders = (await api.get('/api/orders/', as)).body.results;
    expect(
      orders.filter((o: { buyer: { name: string } }) => o.buyer.name === 'Pedro Rojas'),
    ).toHaveLength(1);
  });
});
