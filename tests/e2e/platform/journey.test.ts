/**
 * The dashboard's next best step in Chromium, as a seller advances along idea → canvas → empresa
 * → sitio → primera venta → ventas recurrentes: each stage's step is the current one on the path,
 * the earlier ones are marked done, and the one action leads where that step is done (1280 and
 * 360 px, axe).
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import type { Page } from 'playwright-core';
import {
  DESKTOP,
  expectAccessible,
  expectFitsWidth,
  MOBILE,
  screenshot,
  useBrowser,
} from '../../support/browser';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop, PICKUP, setDelivery } from '../../support/shop';
import { PAYLOADS } from '../../fixtures/companies';

const { url } = inject('servers')[0]!;
useBrowser();

/** The dashboard's step: its title, the path's current stage, the stages marked done, the action. */
async function stepOn(page: Page) {
  await page.goto(`${url}/dashboard`);
  const card = page.locator('section[aria-labelledby="siguiente-paso"]');
  const path = card.getByRole('list', { name: 'Tu camino' });
  const action = card.getByRole('link').first();
  return {
    title: (await card.getByRole('heading').textContent())!.trim(),
    current: (await path.locator('[aria-current="step"]').textContent())!.trim(),
    done: (await path.locator('li', { hasText: '(hecho)' }).allTextContents()).map((t) =>
      t.replace('✓', '').replace('(hecho)', '').trim(),
    ),
    action: {
      label: (await action.textContent())!.trim(),
      href: await action.getAttribute('href'),
    },
  };
}

describe('the next best step', () => {
  it('moves along the path as the seller does each thing', async ({ desktop }) => {
    const { context, account } = desktop;
    const token = account.token;
    const api = new ApiClient(url);
    const page = await context.newPage();

    expect(await stepOn(page)).toMatchObject({
      title: 'Ordena tu idea',
      current: 'Idea',
      done: [],
      action: { label: 'Crear mi canvas', href: '/canvas' },
    });
    await expectAccessible(page);
    await screenshot(page, 'siguiente-paso-idea-desktop');

    await filledCanvas(api, token, 'Panadería', { canales: ['Instagram'] });
    expect(await stepOn(page)).toMatchObject({
      title: 'Completa tu modelo de negocio',
      current: 'Canvas',
    });

    await filledCanvas(api, token, 'Panadería completa', FINISHED_CANVAS);
    // Two tracks: a company, or selling now as a persona natural.
    expect(await stepOn(page)).toMatchObject({
      title: 'Elige cómo vas a vender',
      current: 'Empresa',
      done: ['Idea', 'Canvas'],
      action: { label: 'Constituye tu empresa' },
    });
    await page.getByRole('link', { name: 'Vende ya como persona natural' }).waitFor();
    await screenshot(page, 'siguiente-paso-dos-caminos-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'siguiente-paso-dos-caminos-mobile');
    await page.setViewportSize(DESKTOP);

    expect((await api.post('/api/companies/', PAYLOADS.spa, { token })).status).toBe(201);
    expect(await stepOn(page)).toMatchObject({
      title: 'Publica tu primer producto',
      current: 'Sitio',
      action: { label: 'Agregar un producto', href: '/productos/nuevo' },
    });

    const { product } = await openShop(api, token, { site: true });
    await setDelivery(api, token, { pickup_points: [PICKUP] });
    // The shop sells with the seller's own RUN: its tax start comes first.
    expect(await stepOn(page)).toMatchObject({
      title: 'Inicia actividades en el SII',
      action: { label: 'Ver qué necesitas', href: '/dashboard/inicio-actividades' },
    });
    await api.put('/api/store/tax-start/', { started_on: '2025-08-01' }, { token });
    expect(await stepOn(page)).toMatchObject({
      title: 'Consigue tu primera venta',
      current: 'Primera venta',
      done: ['Idea', 'Canvas', 'Empresa', 'Sitio'],
      action: { label: 'Crear un código de lanzamiento', href: '/descuentos' },
    });

    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);
    expect(await stepOn(page)).toMatchObject({
      title: 'Tienes 1 orden por atender',
      action: { label: 'Ver mis órdenes', href: '/ordenes' },
    });
    await page.getByRole('link', { name: 'Ver mis órdenes' }).click();
    await page.getByRole('heading', { name: 'Órdenes', level: 1 }).waitFor();

    for (const status of ['pagado', 'preparando', 'listo_retiro', 'entregado'])
      await api.patch(`/api/orders/${placed.body.id}/`, { status }, { token });
    const last = await stepOn(page);
    expect(last).toMatchObject({
      title: 'Haz que tus clientes vuelvan',
      current: 'Ventas recurrentes',
      done: ['Idea', 'Canvas', 'Empresa', 'Sitio', 'Primera venta'],
      action: { label: 'Enviar un código a tus clientes', href: '/clientes' },
    });
    await page.getByRole('link', { name: 'Ver qué se vende y qué se visita' }).click();
    await page.getByRole('heading', { name: 'Cifras de tu tienda' }).waitFor();
    await page.goBack();
    await expectAccessible(page);
    await screenshot(page, 'siguiente-paso-ventas-desktop');
    await page.setViewportSize(MOBILE);
    await expectFitsWidth(page);
    await expectAccessible(page);
    await screenshot(page, 'siguiente-paso-ventas-mobile');
    await context.close();
  });
});
