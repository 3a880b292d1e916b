/**
 * The product editor keeps what was typed: a draft autosaves (and a 409 merges field by field),
 * a published product's edits wait on the device across a reload, the preview follows the form,
 * a browser without JavaScript attaches photos with the form and a stale post comes back merged.
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  expectAccessible,
  MOBILE,
  screenshot,
  signedInContext,
  waitForHydration,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';
import { jpeg, SVG_WITH_SCRIPT } from '../../support/images';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

async function product(token: string, body: Record<string, unknown>) {
  const res = await new ApiClient(url).post('/api/products/', { price: 5990, ...body }, { token });
  expect(res.status).toBe(201);
  return res.body as { id: number; version: number };
}

describe('the product editor', () => {
  it('autosaves a draft, merges a change made elsewhere (409) and shows the preview live', async ({
    desktop,
  }) => {
    const { context, account } = desktop;
    const created = await product(account.token, { name: 'Vela de soya' });
    const page = await context.newPage();
    await page.goto(`${url}/productos/${created.id}`);
    await waitForHydration(page);
    const preview = page.getByLabel('Vista previa', { exact: true });
    await expect.poll(() => preview.getByText('Vela de soya').count()).toBe(1);

    await page.getByLabel('Nombre', { exact: true }).fill('Vela de soya y lavanda');
    await expect.poll(() => preview.getByText('Vela de soya y lavanda').count()).toBe(1);
    await page.getByRole('status').filter({ hasText: 'Guardado' }).waitFor();
    const api = new ApiClient(url);
    const saved = (await api.get(`/api/products/${created.id}/`, { token: account.token })).body;
    expect(saved).toMatchObject({ name: 'Vela de soya y lavanda', version: 2 });

    // Another device changes the price; this page then edits the stock: both survive.
    expect(
      (
        await api.patch(
          `/api/products/${created.id}/`,
          { price: 7990, version: saved.version },
          { token: account.token },
        )
      ).status,
    ).toBe(200);
    await page.getByLabel('Stock').fill('12');
    await page.getByText('Tomamos de allá: precio.', { exact: false }).waitFor();
    await expect.poll(() => preview.getByText('$7.990').count()).toBe(1);
    await page
      .getByRole('status')
      .filter({ hasText: /^Guardado$/ })
      .waitFor();
    expect(await page.getByLabel('Precio (IVA incluido)').inputValue()).toBe('7.990');
    const merged = (await api.get(`/api/products/${created.id}/`, { token: account.token })).body;
    expect(merged).toMatchObject({
      name: 'Vela de soya y lavanda',
      price: 7990,
      stock: 12,
      published: false,
    });
    await expectAccessible(page);
    await screenshot(page, 'producto-editor-desktop');

    // A reload shows what the server has: nothing typed was lost.
    await page.reload();
    expect(await page.getByLabel('Stock').inputValue()).toBe('12');
    await context.close();
  });

  it('keeps unsaved edits of a published product on the device across a reload, without publishing them', async ({
    phone,
  }) => {
    const { context, account } = phone;
    const created = await product(account.token, { name: 'Aros de cobre', published: true });
    const page = await context.newPage();
    await page.goto(`${url}/productos/${created.id}`);
    await waitForHydration(page);
    await page.getByLabel('Precio (IVA incluido)').fill('6.490');
    await page.getByText('Cambios sin guardar: quedan en este dispositivo').waitFor();
    // Not saved to the server: the public page still shows the old price.
    const publicPage = await (await fetch(`${url}/shop/${created.id}`)).text();
    expect(publicPage).toContain('$5.990');

    await page.reload();
    await waitForHydration(page);
    await page.getByText('Recuperamos los cambios que no alcanzaste a guardar.').waitFor();
    expect(await page.getByLabel('Precio (IVA incluido)').inputValue()).toBe('6.490');
    await expectAccessible(page);
    await screenshot(page, 'producto-editor-recuperado-mobile');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Cambios guardados').first().waitFor();
    expect(await (await fetch(`${url}/shop/${created.id}`)).text()).toContain('$6.490');
    // Saved: nothing is recovered any more.
    await page.reload();
    await waitForHydration(page);
    expect(await page.getByText('Recuperamos los cambios').count()).toBe(0);
    await context.close();
  });

  it('without JavaScript: photos go with the form, a refused file is named, a stale post merged', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'impulsa-sin-js-'));
    const photo = path.join(dir, 'pan.jpg');
    fs.writeFileSync(photo, await jpeg(900, 700));
    const svg = path.join(dir, 'logo.svg');
    fs.writeFileSync(svg, SVG_WITH_SCRIPT);
    const { context, account } = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const page = await context.newPage();

    await page.goto(`${url}/productos/nuevo`);
    await page.getByLabel('Nombre', { exact: true }).fill('Pan amasado');
    await page.getByLabel('Precio (IVA incluido)').fill('2.500');
    await page.getByLabel('Agregar imágenes').setInputFiles([photo, svg]);
    await page.getByRole('button', { name: 'Crear producto' }).click();
    // The SVG is refused by name; the photo before it is kept, and so is the text.
    await page
      .getByText('logo.svg: Ese archivo no es una imagen JPEG, PNG, WebP o AVIF.')
      .first()
      .waitFor();
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe('Pan amasado');
    expect(await page.locator('input[name="images"]').inputValue()).toMatch(/^\d+$/);
    await screenshot(page, 'producto-nuevo-sin-js-mobile');
    await page.getByRole('button', { name: 'Crear producto' }).click();
    await page.waitForURL(/\/productos\/\d+$/);
    const id = Number(new URL(page.url()).pathname.split('/').pop());
    const api = new ApiClient(url);
    const stored = (await api.get(`/api/products/${id}/`, { token: account.token })).body;
    expect(stored.images).toHaveLength(1);

    // Another device changes the stock while this form is open; this form changes the name.
    expect(
      (
        await api.patch(
          `/api/products/${id}/`,
          { stock: 4, version: stored.version },
          { token: account.token },
        )
      ).status,
    ).toBe(200);
    await page.getByLabel('Nombre', { exact: true }).fill('Pan amasado de campo');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByText('Tomamos de allá: stock.', { exact: false }).waitFor();
    expect(await page.getByLabel('Nombre', { exact: true }).inputValue()).toBe(
      'Pan amasado de campo',
    );
    expect(await page.getByLabel('Stock').inputValue()).toBe('4');
    await page.getByRole('button', { name: 'Guardar cambios' }).click();
    await page.getByRole('heading', { name: 'Pan amasado de campo' }).waitFor();
    expect((await api.get(`/api/products/${id}/`, { token: account.token })).body).toMatchObject({
      name: 'Pan amasado de campo',
      stock: 4,
      images: [{ id: stored.images[0].id }],
    });
    await context.close();
  });
});
