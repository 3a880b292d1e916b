/**
 * A product with options in Chromium, with JavaScript off as a buyer's browser may have it: the
 * options are radio groups, price, stock, picture and buttons follow the chosen combination by
 * CSS alone, a sold-out one cannot be bought, and the chosen variant reaches the cart and the
 * order (360 and 1280 px, axe).
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  expectFitsWidth,
  MOBILE,
  newContext,
  screenshot,
  signedInContext,
  useBrowser,
  waitForHydration,
  confirmOrder,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop, PICKUP, setDelivery } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('variants on the product page', () => {
  it('a buyer without JavaScript picks size and colour, sees its price, and buys it', async ({
    desktop,
  }) => {
    const seller = desktop;
    const token = seller.account.token;
    const api = new ApiClient(url);
    const { product: plain } = await openShop(api, token);
    await setDelivery(api, token, { pickup_points: [PICKUP] });
    const made = await api.post(
      '/api/products/',
      {
        name: 'Polera de algodón',
        price: 12990,
        published: true,
        options: [
          { name: 'Talla', values: ['S', 'M', 'L'] },
          { name: 'Color', values: ['Rojo', 'Azul'] },
        ],
        variants: [
          { values: ['S', 'Rojo'], stock: 4 },
          { values: ['S', 'Azul'], stock: 0 },
          { values: ['M', 'Rojo'], stock: 2, price: 14990 },
          { values: ['M', 'Azul'], stock: 5 },
          { values: ['L', 'Rojo'], enabled: false },
          { values: ['L', 'Azul'], stock: 1 },
        ],
      },
      { token },
    );
    expect(made.status).toBe(201);
    expect(plain.id).toBeGreaterThan(0);

    const buyer = await newContext(browserOf(), MOBILE, { javaScriptEnabled: false });
    const page = await buyer.newPage();
    await page.goto(`${url}/shop/${made.body.id}`);
    const visible = (text: string) =>
      page.getByText(text, { exact: true }).filter({ visible: true });
    // The first combination that sells is chosen: S / Rojo at the product's price.
    expect(await page.getByRole('radio', { name: 'S' }).isChecked()).toBe(true);
    expect(await page.getByRole('radio', { name: 'Rojo' }).isChecked()).toBe(true);
    await visible('$12.990').waitFor();
    await visible('Disponible').waitFor();
    await page.getByText('M', { exact: true }).click();
    await visible('$14.990').waitFor();
    await visible('Últimas 2 unidades').waitFor();
    expect(await visible('$12.990').count()).toBe(0);
    await page.getByText('Azul', { exact: true }).click();
    await visible('$12.990').waitFor();
    await page.getByText('S', { exact: true }).click();
    await visible('Agotado').waitFor();
    await visible('S / Azul está agotado.').waitFor();
    expect(
      await page
        .getByRole('button', { name: 'Agregar al carro' })
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    await page.getByText('L', { exact: true }).click();
    await visible('Última unidad').waitFor();
    await page.getByText('Rojo', { exact: true }).click();
    await visible('No disponible').waitFor();
    await visible('L / Rojo no está disponible.').waitFor();
    await page.getByText('M', { exact: true }).click();
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

    const jsonLd = JSON.parse(
      (await page.locator('script[type="application/ld+json"]').textContent())!,
    );
    expect(jsonLd).toMatchObject({
      '@type': 'ProductGroup',
      productGroupID: String(made.body.id),
      variesBy: ['https://schema.org/size', 'https://schema.org/color'],
    });
    expect(jsonLd.hasVariant).toHaveLength(5);
    expect(jsonLd.hasVariant[2]).toMatchObject({
      '@type': 'Product',
      name: 'Polera de algodón M / Rojo',
      size: 'M',
      color: 'Rojo',
      offers: { price: 14990, availability: 'https://schema.org/LimitedAvailability' },
    });

    await page.getByRole('button', { name: 'Agregar al carro' }).filter({ visible: true }).click();
    await page.getByText('Agregaste «Polera de algodón (M / Rojo)» al carro.').waitFor();
    await page.getByText('$14.990 c/u').waitFor();
    await page.getByLabel('Nombre y apellido').fill('Camila Soto');
    await page.getByLabel('Correo electrónico').fill(uniqueEmail('camila'));
    await page.getByLabel('Teléfono').fill('9 8765 4321');
    await page.getByText('Transferencia bancaria').click();
    await confirmOrder(page);
    await page.getByRole('heading', { name: 'Recibimos tu pedido' }).waitFor();
    await page.getByText('Polera de algodón (M / Rojo)').first().waitFor();
    await buyer.close();

    // Looked at and checked with axe (which needs scripts in the page to run).
    const look = await newContext(browserOf(), MOBILE);
    const shown = await look.newPage();
    await shown.goto(`${url}/shop/${made.body.id}`);
    await shown.getByText('M', { exact: true }).click();
    await expectFitsWidth(shown);
    await expectAccessible(shown);
    await screenshot(shown, 'producto-variantes-mobile');
    await shown.setViewportSize(DESKTOP);
    await expectAccessible(shown);
    await screenshot(shown, 'producto-variantes-desktop');
    await look.close();

    const after = (await api.get(`/api/products/${made.body.id}/`, { token })).body;
    expect(after.variants.find((v: { name: string }) => v.name === 'M / Rojo').stock).toBe(1);
    await seller.context.close();
  });

  it('the seller builds the options and the variants grid in the editor, with no script', async () => {
    const seller = await signedInContext(
      browserOf(),
      url,
      DESKTOP,
      {},
      { javaScriptEnabled: false },
    );
    const token = seller.account.token;
    const api = new ApiClient(url);
    const { product } = await openShop(api, token, { product: { name: 'Polerón', price: 19990 } });
    const page = await seller.context.newPage();
    await page.goto(`${url}/productos/${product.id}`);
    const section = page.locator('section[aria-labelledby="variantes"]');
    await section
      .getByText('Sin opciones, el producto se vende con el precio y el stock de arriba.')
      .waitFor();
    await section.getByLabel('Opción 1', { exact: true }).fill('Talla');
    await section.getByLabel('Valores de la opción 1').fill('S, M');
    await section.getByLabel('Opción 2', { exact: true }).fill('Color');
    await section.getByLabel('Valores de la opción 2').fill('Rojo, Azul, rojo');
    await section.getByRole('button', { name: 'Guardar opciones y variantes' }).click();
    // A refused post says why and keeps what was typed.
    await page.getByText('Un valor está repetido.').first().waitFor();
    expect(await section.getByLabel('Opción 2', { exact: true }).inputValue()).toBe('Color');
    await section.getByLabel('Valores de la opción 2').fill('Rojo, Azul');
    await section.getByRole('button', { name: 'Guardar opciones y variantes' }).click();
    await page.waitForURL(/#variantes$/);
    await section.getByText('Variantes (4)').waitFor();
    const variant = (name: string) => section.getByRole('group', { name, exact: true });
    await variant('M / Rojo').getByLabel('Precio', { exact: true }).fill('21.990');
    await variant('M / Rojo').getByLabel('Stock').fill('2');
    await variant('S / Rojo').getByLabel('Stock').fill('-1');
    await variant('S / Azul').getByLabel('Se vende').uncheck();
    await section.getByRole('button', { name: 'Guardar opciones y variantes' }).click();
    await variant('S / Rojo').getByText('El stock no puede ser negativo.').waitFor();
    expect(await variant('M / Rojo').getByLabel('Precio', { exact: true }).inputValue()).toBe(
      '21.990',
    );
    expect(await variant('S / Azul').getByLabel('Se vende').isChecked()).toBe(false);
    await variant('S / Rojo').getByLabel('Stock').fill('5');
    await section.getByRole('button', { name: 'Guardar opciones y variantes' }).click();
    await page.waitForURL(/#variantes$/);
    const saved = (await api.get(`/api/products/${product.id}/`, { token })).body;
    expect(
      saved.variants.map((v: Record<string, unknown>) => [v.name, v.price, v.stock, v.enabled]),
    ).toEqual([
      ['S / Rojo', null, 5, true],
      ['S / Azul', null, null, false],
      ['M / Rojo', 21990, 2, true],
      ['M / Azul', null, null, true],
    ]);
    await seller.context.close();

    // Looked at, with its scripts, as the same seller on a phone.
    const look = await newContext(browserOf(), MOBILE);
    await look.addCookies([
      { name: 'impulsa_session', value: token, url, httpOnly: true, sameSite: 'Lax' },
    ]);
    const shown = await look.newPage();
    await shown.goto(`${url}/productos/${product.id}#variantes`);
    await shown.getByText('Variantes (4)').waitFor();
    // With its script, the grid follows the options as they are typed, and fills all at once.
    await waitForHydration(shown);
    await shown.getByLabel('Valores de la opción 1').fill('S, M, L');
    await shown.getByText('Variantes (6)').waitFor();
    const group = (name: string) => shown.getByRole('group', { name, exact: true });
    await group('L / Azul').waitFor();
    await shown.getByLabel('Stock para todas').fill('3');
    await shown.getByRole('button', { name: 'Aplicar stock' }).click();
    expect(await group('M / Rojo').getByLabel('Stock').inputValue()).toBe('3');
    expect(await group('M / Rojo').getByLabel('Precio', { exact: true }).inputValue()).toBe(
      '21990',
    );
    await expectFitsWidth(shown);
    await expectAccessible(shown);
    await screenshot(shown, 'producto-editor-variantes-mobile');
    await shown.setViewportSize(DESKTOP);
    await screenshot(shown, 'producto-editor-variantes-desktop');
    await shown.getByRole('button', { name: 'Guardar opciones y variantes' }).click();
    await shown.waitForURL(/#variantes$/);
    const grown = (await api.get(`/api/products/${product.id}/`, { token })).body;
    expect(grown.variants.map((v: Record<string, unknown>) => [v.name, v.price, v.stock])).toEqual([
      ['S / Rojo', null, 3],
      ['S / Azul', null, 3],
      ['M / Rojo', 21990, 3],
      ['M / Azul', null, 3],
      ['L / Rojo', null, 3],
      ['L / Azul', null, 3],
    ]);
    await look.close();
  });
});
