/**
 * The page builder in a real browser: a seller creates a site (live subdomain check), builds its
 * home in the Puck editor (Hero, Text, ProductGrid by drag and drop; moved, deleted, undone and redone;
 * the phone viewport), publishes it, and a visitor
 * opens it on its subdomain host (mapped by Chromium's host resolver) with zero script. A stale
 * save is never silent; hostile block content never runs; every seller page works without JS.
 */
import type { Locator, Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  signedInContext,
  useBrowser,
  waitForHydration,
} from '../../support/browser';
import { setTxt } from '../../support/dns';
import { ApiClient } from '../../support/http';
import { jpeg, upload } from '../../support/images';

const { url } = inject('servers')[0]!;
const dnsZone = inject('dnsZone');
const port = new URL(url).port;
// Every *.impulsa.cl name is this machine: a site's subdomain host, as a visitor types it.
const browserOf = useBrowser(['--host-resolver-rules=MAP *.impulsa.cl 127.0.0.1']);
const label = () => `taller-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** Drags a block from Puck's drawer to the end of the canvas (dnd-kit needs real pointer moves). */
async function dragBlock(page: Page, type: string) {
  const from = (await page.getByTestId(`drawer-item:${type}`).boundingBox())!;
  const canvas = (await page.locator('iframe').boundingBox())!;
  await page.mouse.move(from.x + 20, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + 40, from.y + from.height / 2 + 5, { steps: 5 });
  const to = { x: canvas.x + canvas.width / 2, y: canvas.y + canvas.height - 40 };
  await page.mouse.move(to.x, to.y, { steps: 20 });
  await page.waitForTimeout(300);
  await page.mouse.move(to.x, to.y + 5, { steps: 5 });
  await page.mouse.up();
}

/** Drags a block of the canvas onto the top edge of another (dnd-kit needs real pointer moves). */
async function dragAbove(page: Page, block: Locator, above: Locator) {
  const from = (await block.boundingBox())!;
  const to = (await above.boundingBox())!;
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2 - 10, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 10, { steps: 25 });
  await page.waitForTimeout(300);
  await page.mouse.move(to.x + to.width / 2, to.y + 5, { steps: 5 });
  await page.mouse.up();
}

async function pagesOf(token: string, siteId: number) {
  return (await new ApiClient(url).get(`/api/sites/${siteId}/pages/`, { token })).body.results as {
    id: number;
    version: number;
    data: { content: { type: string; props: Record<string, unknown> }[] };
  }[];
}

describe('the page builder', () => {
  it('creates a site, builds its home, publishes it to its subdomain with zero script', async ({
    desktop,
  }) => {
    const { context, account } = desktop;
    const api = new ApiClient(url);
    const photo = (
      await upload(
        url,
        account.token,
        await jpeg(900, 900),
        'taza.jpg',
        'image/jpeg',
        'Taza de greda café',
      )
    ).body;
    for (const [name, price, images] of [
      ['Taza de greda', 12990, [photo.id]],
      ['Plato hondo', 9990, []],
    ] as const)
      await api.post(
        '/api/products/',
        { name, price, images, published: true },
        { token: account.token },
      );
    await api.post(
      '/api/products/',
      { name: 'Jarrón en borrador', price: 20990 },
      { token: account.token },
    );

    const page = await context.newPage();
    await page.goto(`${url}/page-builder`);
    await waitForHydration(page);
    await expectAccessible(page);
    await screenshot(page, 'sitio-inicio-vacio-desktop');
    const subdomain = label();
    await page.getByLabel('Nombre del sitio').fill('Taller Greda');
    await page.getByLabel('Dirección').fill('www');
    await page.getByText('Ese subdominio está reservado. Elige otro.').waitFor();
    await page.getByLabel('Dirección').fill(subdomain);
    await page.getByText(`Disponible: ${subdomain}.`).waitFor();
    await page.getByText('En blanco', { exact: true }).click();
    await page.getByRole('button', { name: 'Crear sitio' }).click();
    await page.waitForURL(/\/page-builder\/editor\/\d+$/);
    const siteId = Number(new URL(page.url()).pathname.split('/').pop());

    const canvas = page.frameLocator('iframe');
    await canvas.getByText('Taller Greda').first().waitFor();
    await dragBlock(page, 'Text');
    await canvas.getByText('Escribe aquí lo que quieras contar.').waitFor();
    await dragBlock(page, 'ProductGrid');
    await canvas.getByText('Plato hondo').waitFor();
    expect(await canvas.getByText('Jarrón en borrador').count()).toBe(0);
    await page
      .getByRole('status')
      .filter({ hasText: /^Guardado$/ })
      .waitFor();
    expect((await pagesOf(account.token, siteId))[0]!.data.content.map((b) => b.type)).toEqual([
      'Hero',
      'Text',
      'ProductGrid',
    ]);
    await screenshot(page, 'sitio-editor-desktop');

    // The phone viewport shows the page at 360 px.
    await page.getByRole('button', { name: 'Ver en celular' }).click();
    await expect.poll(async () => (await page.locator('iframe').boundingBox())!.width).toBe(360);
    await screenshot(page, 'sitio-editor-celular-desktop');
    await page.getByRole('button', { name: 'Ver en escritorio' }).click();

    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Sitio publicado', { exact: true }).waitFor();

    // A visitor, on the subdomain host: the blocks, the published products only, and no script.
    const visitor = await newContext(browserOf(), DESKTOP);
    const site = await visitor.newPage();
    const response = await site.goto(`http://${subdomain}.impulsa.cl:${port}/`);
    expect(response!.status()).toBe(200);
    await site.getByRole('heading', { name: 'Taller Greda', level: 1 }).waitFor();
    await site.getByText('Plato hondo').waitFor();
    expect(await site.getByText('Escribe aquí lo que quieras contar.').count()).toBe(1);
    expect(await site.getByText('Jarrón en borrador').count()).toBe(0);
    expect(await site.locator('script').count()).toBe(0);
    expect(response!.headers()['content-security-policy']).toContain("script-src 'none'");
    expect(await site.locator('link[rel="canonical"]').getAttribute('href')).toBe(
      `http://${subdomain}.localhost:${port}/`,
    );
    await expectAccessible(site);
    await screenshot(site, 'sitio-publicado-desktop');
    await site.setViewportSize(MOBILE);
    await screenshot(site, 'sitio-publicado-mobile');
    await site.goto(`http://${subdomain}.impulsa.cl:${port}/shop`);
    await site.getByText('Taza de greda').waitFor();
    // Its images load from the site's own host.
    const cover = site.locator('img.site-card-image');
    expect(
      await cover.evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    // A product opens inside the site: its theme and navigation, still zero script.
    await site.getByRole('link', { name: 'Taza de greda $12.990' }).click();
    await site.getByRole('heading', { name: 'Taza de greda', level: 1 }).waitFor();
    expect(new URL(site.url()).pathname).toBe('/shop/taza-de-greda');
    await site.getByRole('link', { name: 'Volver a la tienda' }).waitFor();
    expect(await site.locator('script:not([type="application/ld+json"])').count()).toBe(0);
    expect(
      await site
        .getByAltText('Taza de greda café')
        .first()
        .evaluate((img: HTMLImageElement) => img.decode().then(() => img.naturalWidth)),
    ).toBeGreaterThan(0);
    await expectAccessible(site);
    await screenshot(site, 'sitio-producto-mobile');
    await site.setViewportSize(DESKTOP);
    await screenshot(site, 'sitio-producto-desktop');
    expect((await site.goto(`http://${subdomain}.impulsa.cl:${port}/dashboard`))!.status()).toBe(
      404,
    );

    // The seller's pages for it.
    await page.goto(`${url}/page-builder`);
    await page.getByRole('heading', { name: 'Taller Greda' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sitio-inicio-desktop');
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'sitio-inicio-mobile');
    await page.goto(`${url}/page-builder/editor`);
    await page.getByRole('heading', { name: 'Nuevo sitio', level: 1 }).waitFor();
    await screenshot(page, 'sitio-nuevo-mobile');
    await page.setViewportSize(DESKTOP);
    await page.goto(`${url}/page-builder/site/${siteId}`);
    await page.getByText('Publicado', { exact: true }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'sitio-configurar-desktop');
    await visitor.close();
    await context.close();
  });

  it("undoes the first edit, redoes it, and moves a block: Puck's own controls, each change saved", async ({
    desktop,
  }) => {
    const { context, account } = desktop;
    const site = (
      await new ApiClient(url).post(
        '/api/sites/',
        { name: 'Dulcería Rosa', subdomain: label(), template: 'tienda' },
        { token: account.token },
      )
    ).body as { id: number };
    const blocks = async () =>
      (await pagesOf(account.token, site.id))[0]!.data.content.map((b) => b.type);
    const [hero, grid, whatsapp] = (await pagesOf(account.token, site.id))[0]!.data.content.map(
      (b) => String(b.props.id),
    );
    expect(await blocks()).toEqual(['Hero', 'ProductGrid', 'WhatsAppButton']);
    const page = await context.newPage();
    await page.goto(`${url}/page-builder/editor/${site.id}`);
    const canvas = page.frameLocator('iframe');
    const block = (id: string) => canvas.locator(`[data-puck-component="${id}"]`);
    await block(hero!).waitFor();

    await block(grid!).click();
    await canvas.getByRole('button', { name: 'Eliminar' }).click();
    await expect.poll(blocks, { timeout: 10_000 }).toEqual(['Hero', 'WhatsAppButton']);
    await page.getByRole('button', { name: 'Deshacer' }).click();
    await expect
      .poll(blocks, { timeout: 10_000 })
      .toEqual(['Hero', 'ProductGrid', 'WhatsAppButton']);
    await page.getByRole('button', { name: 'Rehacer' }).click();
    await expect.poll(blocks, { timeout: 10_000 }).toEqual(['Hero', 'WhatsAppButton']);
    await page.keyboard.press('Control+z');
    await expect
      .poll(blocks, { timeout: 10_000 })
      .toEqual(['Hero', 'ProductGrid', 'WhatsAppButton']);

    await dragAbove(page, block(whatsapp!), block(hero!));
    await expect
      .poll(blocks, { timeout: 10_000 })
      .toEqual(['WhatsAppButton', 'Hero', 'ProductGrid']);
    await context.close();
  });

  it('never saves over a change made elsewhere without asking; keeps edits across a reload', async ({
    desktop,
  }) => {
    const { context, account } = desktop;
    const api = new ApiClient(url);
    const created = (
      await api.post(
        '/api/sites/',
        { name: 'Panadería Lucía', subdomain: label(), template: 'en-blanco' },
        { token: account.token },
      )
    ).body;
    const page = await context.newPage();
    await page.goto(`${url}/page-builder/editor/${created.id}`);
    const canvas = page.frameLocator('iframe');
    await canvas.getByText('Panadería Lucía').first().waitFor();

    // Another tab saves the page first.
    const [home] = await pagesOf(account.token, created.id);
    const theirs = {
      ...home!.data,
      content: [
        ...home!.data.content,
        { type: 'Text', props: { id: 'otra', text: '<p>Escrito en otra pestaña</p>' } },
      ],
    };
    expect(
      (
        await api.put(
          `/api/sites/${created.id}/pages/${home!.id}/`,
          { data: theirs, version: home!.version },
          { token: account.token },
        )
      ).status,
    ).toBe(200);

    await dragBlock(page, 'WhatsAppButton');
    await page.getByText('Esta página cambió en otra pestaña o dispositivo.').waitFor();
    expect((await pagesOf(account.token, created.id))[0]!.data.content.map((b) => b.type)).toEqual([
      'Hero',
      'Text',
    ]);
    // A reload keeps the edit on this device and asks again.
    await page.reload();
    await page.getByText('Recuperamos cambios que no alcanzaste a guardar.').waitFor();
    await page.getByText('Esta página cambió en otra pestaña o dispositivo.').waitFor();
    await page.getByRole('button', { name: 'Guardar la mía' }).click();
    await page
      .getByRole('status')
      .filter({ hasText: /^Guardado$/ })
      .waitFor();
    expect((await pagesOf(account.token, created.id))[0]!.data.content.map((b) => b.type)).toEqual([
      'Hero',
      'WhatsAppButton',
    ]);
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'sitio-editor-mobile');
    await context.close();
  });

  it('runs nothing a seller writes into a block: not published, not in preview or the editor', async ({
    desktop,
  }) => {
    const { context, account } = desktop;
    const api = new ApiClient(url);
    const subdomain = label();
    const created = (
      await api.post(
        '/api/sites/',
        { name: 'Sitio <script>alert(1)</script>', subdomain, template: 'en-blanco' },
        { token: account.token },
      )
    ).body;
    const [home] = await pagesOf(account.token, created.id);
    const evil = '<script>window.__pwned=1</script><img src=x onerror="window.__pwned=1">';
    const data = {
      root: { props: { title: `Inicio ${evil}` } },
      content: [
        {
          type: 'Hero',
          props: {
            id: 'h',
            title: evil,
            subtitle: evil,
            image: null,
            cta_label: 'Clic',
            cta_href: 'javascript:window.__pwned=1',
          },
        },
        {
          type: 'Text',
          props: {
            id: 't',
            text:
              '<p style="background:url(javascript:window.__pwned=1)">Hola</p>' +
              `${evil}<a href="javascript:window.__pwned=1">enlace</a>` +
              '<a href="https://wa.me/56912345678">wa</a>',
          },
        },
        {
          type: 'Image',
          props: { id: 'i', image: 999999, alt: `"><script>window.__pwned=1</script>` },
        },
        { type: 'WhatsAppButton', props: { id: 'w', phone: '+56912345678', message: evil } },
        {
          type: 'Columns',
          props: { id: 'c', left: [{ type: 'Text', props: { id: 'tl', text: evil } }], right: [] },
        },
      ],
    };
    expect(
      (
        await api.put(
          `/api/sites/${created.id}/pages/${home!.id}/`,
          { data, version: home!.version },
          { token: account.token },
        )
      ).status,
    ).toBe(200);
    await api.post(`/api/sites/${created.id}/publish/`, undefined, { token: account.token });

    const page = await context.newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => void (dialogs.push(d.message()), d.dismiss()));
    for (const address of [
      `http://${subdomain}.impulsa.cl:${port}/`,
      `${url}/page-builder/_render/${subdomain}`,
    ]) {
      await page.goto(address);
      await page.getByText('Hola').waitFor();
      expect(await page.locator('script').count()).toBe(0);
      // The button's javascript: link was dropped, and with it the button.
      expect(await page.getByText('Clic').count()).toBe(0);
      expect(
        await page.locator('[onerror], [style*="javascript"], a[href^="javascript"]').count(),
      ).toBe(0);
      expect(await page.getByRole('link', { name: 'wa', exact: true }).getAttribute('href')).toBe(
        'https://wa.me/56912345678',
      );
      await page.getByText('Hola').click();
      expect(
        await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
      ).toBeUndefined();
    }
    await page.goto(`${url}/page-builder/editor/${created.id}`);
    const canvas = page.frameLocator('iframe');
    await canvas.getByText('Hola').waitFor();
    await page.waitForTimeout(500);
    expect(await canvas.locator('a[href^="javascript"], [onerror]').count()).toBe(0);
    expect(
      await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned),
    ).toBeUndefined();
    expect(dialogs).toEqual([]);
    await context.close();
  });

  it('without JavaScript: create, set up, add a page, publish, connect a domain, delete', async () => {
    const { context } = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const page = await context.newPage();
    await page.goto(`${url}/page-builder`);
    const subdomain = label();
    await page.getByLabel('Nombre del sitio').fill('Gasfitería Pérez');
    await page.getByLabel('Dirección').fill(subdomain);
    await page.getByText('Servicios', { exact: true }).click();
    await page.getByRole('button', { name: 'Crear sitio' }).click();
    await page.waitForURL(/\/page-builder\/editor\/\d+$/);
    await page.getByText('Cargando el editor de bloques…').waitFor();
    await page.getByRole('link', { name: 'Configurar el sitio' }).click();
    await page.getByRole('heading', { name: 'Gasfitería Pérez', level: 1 }).waitFor();
    expect(await page.getByText('/contacto').count()).toBeGreaterThan(0);

    await page.getByLabel('WhatsApp del sitio').fill('12345');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await page.getByText('Escribe un celular chileno, por ejemplo +56 9 1234 5678.').waitFor();
    expect(await page.getByLabel('WhatsApp del sitio').inputValue()).toBe('12345');
    await page.getByLabel('WhatsApp del sitio').fill('+56 9 8765 4321');
    await page.getByLabel('Color principal').fill('#ffff00');
    await page.getByRole('button', { name: 'Guardar ajustes' }).click();
    await page.getByText('Ojo con el contraste').waitFor();

    await page.getByLabel('Título', { exact: true }).fill('Precios');
    await page.getByLabel('Dirección', { exact: true }).fill('/precios');
    await page.getByRole('button', { name: 'Agregar página' }).click();
    await page.waitForURL(/pagina=\d+/);
    await page.goto(page.url().replace(/\/editor\/(\d+).*$/, '/site/$1'));
    await page.getByRole('button', { name: 'Publicar' }).click();
    await page.getByText('Publicado', { exact: true }).waitFor();
    await screenshot(page, 'sitio-configurar-mobile');
    const visit = await fetch(`${url}/page-builder/_render/${subdomain}/precios`);
    expect(visit.status).toBe(200);
    expect(await visit.text()).toContain('--site-primary:#ffff00');

    // Its own domain, step by step: connect, a check that finds no record, the record, verified.
    const domain = `www.${subdomain}.cl`;
    await page.getByLabel('Tu dominio').fill(`https://${domain.toUpperCase()}/`);
    await page.getByRole('button', { name: 'Conectar dominio' }).click();
    await page.getByText('Pendiente', { exact: true }).waitFor();
    const txtRow = page.locator('tbody tr').filter({ hasText: '_impulsa' });
    const txtValue = (await txtRow.locator('td').nth(2).locator('code').innerText()).trim();
    expect(txtValue).toMatch(/^impulsa-verificacion=/);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Pendiente', { exact: true }).waitFor();
    // Nothing wider than the phone: the records' table scrolls within its own box.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(MOBILE.width);
    await screenshot(page, 'sitio-dominio-mobile');
    await page.setViewportSize({ width: 1280, height: 800 });
    await screenshot(page, 'sitio-dominio-desktop');
    await page.setViewportSize(MOBILE);
    setTxt(dnsZone, `_impulsa.${domain}`, [[txtValue]]);
    await page.getByRole('button', { name: 'Verificar' }).click();
    await page.getByText('Verificado', { exact: true }).waitFor();
    expect(await page.getByLabel('Tu dominio', { exact: true }).inputValue()).toBe(
      `https://${domain}`,
    );
    await page.getByText('Desconectar dominio').click();
    await page.getByRole('button', { name: 'Sí, desconectar' }).click();
    await page.getByRole('button', { name: 'Conectar dominio' }).waitFor();
    setTxt(dnsZone, `_impulsa.${domain}`, null);

    // A page, then the whole site, deleted.
    await page.getByLabel('Eliminar Precios', { exact: true }).click();
    await page.getByRole('button', { name: 'Sí, eliminar', exact: true }).click();
    await page.getByText('/contacto').first().waitFor();
    expect(await page.getByText('/precios').count()).toBe(0);
    await page.getByText('Eliminar Gasfitería Pérez…').click();
    await page.getByRole('button', { name: 'Sí, eliminar el sitio' }).click();
    // The browser keeps the fragment of the page it left (#dominio) across the redirect.
    await page.waitForURL(/\/page-builder(?:#.*)?$/);
    await page.getByRole('heading', { name: 'Crea tu primer sitio' }).waitFor();
    expect((await fetch(`${url}/page-builder/_render/${subdomain}/`)).status).toBe(404);
    await context.close();
  });
});
