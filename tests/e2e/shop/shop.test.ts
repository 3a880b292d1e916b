/**
 * The catalogue in the browser: a seller creates a product with two images from a phone,
 * publishes it, and a signed-out buyer opens its page (zero scripts); an edited price shows at
 * once; hostile files get a clear message and nothing breaks.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  waitForHydration,
  useBrowser,
} from '../../support/browser';
import { jpeg, pngClaiming, SVG_WITH_SCRIPT, TEXT_AS_JPG } from '../../support/images';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

/** Writes test files to a temporary folder, as a phone's gallery would hold them. */
async function files(): Promise<Record<string, string>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-fotos-'));
  const write = (name: string, bytes: Buffer) => (
    fs.writeFileSync(path.join(dir, name), bytes),
    path.join(dir, name)
  );
  return {
    first: write('torta.jpg', await jpeg(1200, 900)),
    second: write('detalle.jpg', await jpeg(800, 800)),
    svg: write('logo.svg', SVG_WITH_SCRIPT),
    text: write('foto.jpg', TEXT_AS_JPG),
    bomb: write('enorme.png', pngClaiming(20_000, 20_000)),
  };
}

describe('the catalogue in the browser', () => {
  it('from a phone: settings, a product with two images, published with no script; new price at once', async ({
    phone,
  }) => {
    const f = await files();
    const { context } = phone;
    const page = await context.newPage();

    await page.goto(`${url}/productos`);
    await page.getByRole('heading', { name: 'Tu catálogo está vacío' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'productos-empty-mobile');
    await page.getByLabel('Nombre de la tienda').fill('Dulces Rosa');
    await page.getByLabel('WhatsApp (celular)').fill('9 8765 4321');
    await page.getByRole('button', { name: 'Guardar configuración' }).click();
    await page.getByText('Configuración de la tienda guardada').first().waitFor();
    expect(await page.getByLabel('WhatsApp (celular)').inputValue()).toBe('+56 9 8765 4321');

    await page.getByRole('link', { name: 'Agregar mi primer producto' }).click();
    await page.waitForURL(`${url}/productos/nuevo`);
    await waitForHydration(page);
    await page.getByLabel('Nombre', { exact: true }).fill('Torta de mil hojas');
    await page.getByRole('textbox', { name: 'Descripción' }).fill('Con manjar casero y nueces.');
    await page.getByLabel('Precio (IVA incluido)').fill('12.990');
    await page.getByLabel('Precio anterior (opcional)').fill('15.990');
    await page.getByLabel('Stock').fill('3');
    await page.getByLabel('Elegir imágenes').setInputFiles([f.first!, f.second!]);
    await expect
      .poll(
        () =>
          page
            .getByRole('listitem')
            .filter({ has: page.getByRole('button', { name: /^Quitar la imagen/ }) })
            .count(),
        { timeout: 20_000 },
      )
      .toBe(2);
    // The seller picks the main photo with a button, and puts it back by dragging.
    const order = () => page.locator('input[name="images"]').inputValue();
    const [first, second] = (await order()).split(',');
    await page.getByRole('button', { name: 'Usar la imagen 2 como principal' }).click();
    expect(await order()).toBe(`${second},${first}`);
    const photos = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: /^Quitar la imagen/ }) });
    await photos.nth(1).dragTo(photos.nth(0));
    expect(await order()).toBe(`${first},${second}`);
    await page.getByText('Imagen principal', { exact: true }).waitFor();
    // Hostile files: each gets its own Spanish message; the two good images stay.
    await page.getByLabel('Elegir imágenes').setInputFiles([f.svg!, f.text!, f.bomb!]);
    await expect
      .poll(() => page.getByText('Ese archivo no es una imagen JPEG, PNG, WebP o AVIF.').count())
      .toBe(2);
    await page
      .getByText('La imagen es demasiado grande (más de 40 megapíxeles).', { exact: false })
      .waitFor();
    await screenshot(page, 'producto-nuevo-mobile');
    await page.getByLabel('Publicado').check();
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.waitForURL(/\/productos\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByText('Producto publicado').first().waitFor();
    await expectAccessible(page);

    const buyer = await newContext(browserOf(), MOBILE);
    const shop = await buyer.newPage();
    await shop.goto(`${url}/shop/${id}`);
    await shop.getByRole('heading', { level: 1, name: 'Torta de mil hojas' }).waitFor();
    expect(await shop.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(await shop.locator('picture').count()).toBe(2);
    await shop.getByText('Últimas 3 unidades').waitFor();
    expect(
      await shop.getByRole('link', { name: 'Pedir por WhatsApp' }).getAttribute('href'),
    ).toMatch(/^https:\/\/wa\.me\/56987654321\?text=/);
    await expectAccessible(shop);
    await screenshot(shop, 'shop-product-mobile');
    await shop.setViewportSize(DESKTOP);
    await screenshot(shop, 'shop-product-desktop');

    await page.getByLabel('Precio (IVA incluido)').fill('11.990');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Cambios guardados').first().waitFor();
    await shop.reload();
    await shop.getByText('$11.990').first().waitFor();

    await page.goto(`${url}/productos`);
    await page.getByText('1 producto').waitFor();
    await screenshot(page, 'productos-list-mobile');
    await page.goto(`${url}/dashboard`);
    await page.getByText('1 producto · 1 publicado').waitFor();
    await screenshot(page, 'dashboard-productos-mobile');
    await page.setViewportSize(DESKTOP);
    await screenshot(page, 'dashboard-productos-desktop');
    await page.goto(`${url}/productos/${id}`);
    await waitForHydration(page);
    await screenshot(page, 'producto-editar-desktop');
    await buyer.close();
    await context.close();
  });

  it('the list at 1280 px: filters, duplicate, unpublish and delete with confirmation; categories', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/categorias`);
    await page.getByLabel('Nueva categoría').fill('Tortas');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByText('Categoría creada').first().waitFor();
    await page.getByLabel('Nueva categoría').fill('Galletas');
    await page.getByRole('button', { name: 'Agregar' }).click();
    await page.getByRole('button', { name: 'Subir Galletas' }).click();
    await page.getByText('Orden actualizado').first().waitFor();
    expect(
      await page
        .getByRole('listitem')
        .locator('input[name="name"]')
        .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value)),
    ).toEqual(['Galletas', 'Tortas']);
    await expectAccessible(page);
    await screenshot(page, 'categorias-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'categorias-mobile');
    await page.setViewportSize(DESKTOP);

    await page.goto(`${url}/productos/nuevo`);
    await page.getByLabel('Nombre', { exact: true }).fill('Galletas de avena');
    await page.getByLabel('Precio (IVA incluido)').fill('4990');
    await page.getByLabel('Categoría').selectOption({ label: 'Galletas' });
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.getByText('Producto guardado como borrador').first().waitFor();
    await page.goto(`${url}/productos`);
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await page.getByText('Producto duplicado').first().waitFor();
    await page.getByText('2 productos').waitFor();
    await page.getByLabel('Buscar', { exact: true }).fill('copia');
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.getByText('1 producto').waitFor();
    await page.getByText('Eliminar').first().click();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await page.getByText('Producto eliminado').first().waitFor();
    await page.getByText('Ningún producto coincide con tu búsqueda.').waitFor();
    await page.goto(`${url}/productos`);
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Producto publicado').first().waitFor();
    // Each row's quick actions name their product for screen readers.
    for (const name of ['Despublicar', 'Duplicar'])
      await page.getByRole('button', { name: `${name} Galletas de avena`, exact: true }).waitFor();
    await page.getByLabel('Eliminar Galletas de avena', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'productos-list-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'productos-list-mobile');
    await context.close();
  });
});
