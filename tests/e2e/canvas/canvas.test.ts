import { PDFDocument } from 'pdf-lib';
import fs from 'node:fs';
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { SECTION_GUIDES, SECTION_ORDER } from '@/lib/canvas/sections';
import {
  delayScripts,
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  signedInContext,
  waitForHydration,
  useBrowser,
} from '../../support/browser';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

const saved = (page: Page) =>
  page
    .getByRole('status')
    .filter({ hasText: /^Guardado$/ })
    .waitFor();

/** How many note cards hold `text` (by value: a textarea the island renders has no text content). */
const notesHolding = (page: Page, text: string) =>
  page
    .locator('li textarea')
    .evaluateAll(
      (boxes, t) => boxes.filter((b) => (b as HTMLTextAreaElement).value === t).length,
      text,
    );

async function addNote(page: Page, text: string, linkSegment?: string) {
  await page.getByLabel('Nueva nota').fill(text);
  await page.getByRole('button', { name: 'Agregar nota' }).click();
  if (linkSegment) {
    const cards = page.locator('li').filter({ has: page.locator('textarea') });
    const card = cards.nth(
      await cards.evaluateAll(
        (items, t) => items.findIndex((li) => li.querySelector('textarea')!.value === t),
        text,
      ),
    );
    await card.getByRole('checkbox', { name: linkSegment }).check();
  }
}

describe('business model canvas in the browser', () => {
  it('fills nine blocks across a reload and offline, then summary, review, PDF; others 404', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/canvas`);
    await waitForHydration(page);
    await page.getByText('Aún no tienes canvas').waitFor();
    await expectAccessible(page);
    await page.getByRole('link', { name: '+ Nuevo canvas' }).click();
    await waitForHydration(page);
    await expectAccessible(page);
    await page.getByLabel('Nombre de tu idea').fill('Panadería Las Rosas');
    await page
      .getByLabel('Descríbela en una línea (opcional)')
      .fill('Pan de masa madre para el barrio');
    await page.getByRole('button', { name: /Empezar por los segmentos/ }).click();
    await page.waitForURL(/\/seccion\/segmento-de-clientes$/);
    await waitForHydration(page);
    const canvasPath = new URL(page.url()).pathname.replace(/\/seccion\/.*$/, '');

    await addNote(page, 'Familias del barrio');
    await saved(page);
    await expectAccessible(page);
    await screenshot(page, 'canvas-section-desktop');

    const texts: Record<string, string> = {
      'propuesta-de-valor': 'Pan recién horneado a las 7:00',
      canales: 'Local y WhatsApp del barrio',
      'relacion-con-clientes': 'Tarjeta de fidelidad',
      'flujo-de-ingresos': 'Venta por kilo',
      'recursos-clave': 'Horno industrial',
      'actividades-clave': 'Hornear de madrugada',
      'socios-clave': 'Molino de harina',
      'estructura-de-costos': 'Arriendo y harina',
    };
    const linked = new Set([
      'propuesta-de-valor',
      'canales',
      'relacion-con-clientes',
      'flujo-de-ingresos',
    ]);
    for (const slug of SECTION_ORDER.slice(1)) {
      await Promise.all([
        page.waitForURL(new RegExp(`/seccion/${slug}$`)),
        page.getByRole('button', { name: `${SECTION_GUIDES[slug].title} →` }).click(),
      ]);
      await waitForHydration(page);
      await addNote(page, texts[slug]!, linked.has(slug) ? 'Familias del barrio' : undefined);
      await saved(page);
      if (slug === 'canales') {
        // Reload mid-way: nothing is lost.
        await page.reload();
        await waitForHydration(page);
        await expect.poll(() => notesHolding(page, 'Local y WhatsApp del barrio')).toBe(1);
        await expect(
          page.getByRole('checkbox', { name: 'Familias del barrio' }).isChecked(),
        ).resolves.toBe(true);
      }
      if (slug === 'socios-clave') {
        // An edit made offline is kept and sent when the connection returns.
        await context.setOffline(true);
        await addNote(page, 'Cafeterías que revenden');
        await page.getByRole('status').filter({ hasText: 'Sin conexión' }).waitFor();
        await context.setOffline(false);
        await page.evaluate(() => window.dispatchEvent(new Event('online')));
        await saved(page);
      }
    }
    await Promise.all([
      page.waitForURL(/\/resumen$/),
      page.getByRole('button', { name: 'Ver mi canvas completo →' }).click(),
    ]);
    for (const text of [...Object.values(texts), 'Familias del barrio', 'Cafeterías que revenden'])
      await page.getByText(text, { exact: true }).first().waitFor();
    await page.getByText(/Strategyzer AG.*CC BY-SA/).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'canvas-resumen-desktop');

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('link', { name: 'Descargar PDF' }).click(),
    ]);
    const file = await download.path();
    const pdf = await PDFDocument.load(fs.readFileSync(file));
    expect(fs.statSync(file).size).toBeGreaterThan(2000);
    expect(pdf.getPageCount()).toBe(1);

    await page.getByRole('link', { name: 'Revisar consistencia' }).click();
    await expect(page.getByTestId('canvas-score').textContent()).resolves.toBe('100');
    await page.getByText('No encontramos nada que corregir').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'canvas-revisar-desktop');

    for (const [name, viewport] of [['mobile', MOBILE]] as const) {
      await page.setViewportSize(viewport);
      await page.goto(`${url}${canvasPath}/seccion/canales`);
      await waitForHydration(page);
      await screenshot(page, `canvas-section-${name}`);
      await page.goto(`${url}${canvasPath}/resumen`);
      await screenshot(page, `canvas-resumen-${name}`);
      await page.goto(`${url}${canvasPath}/revisar`);
      await screenshot(page, `canvas-revisar-${name}`);
    }

    const { context: other } = await signedInContext(browserOf(), url, DESKTOP);
    const otherPage = await other.newPage();
    for (const path of [
      `${canvasPath}/resumen`,
      `${canvasPath}/revisar`,
      `${canvasPath}/seccion/canales`,
    ]) {
      const res = await otherPage.goto(url + path);
      expect(res?.status(), path).toBe(404);
      await expect(otherPage.getByTestId('error-description').textContent()).resolves.toBe(
        `Page Not Found: ${path}`,
      );
    }
    await other.close();
    await context.close();
  });

  it('a half-done canvas is reviewed with links; the list renames, duplicates and deletes', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/canvas/iniciar`);
    await waitForHydration(page);
    await page.getByLabel('Nombre de tu idea').fill('Café del Puerto');
    await page.getByRole('button', { name: /Empezar por los segmentos/ }).click();
    await page.waitForURL(/segmento-de-clientes$/);
    await waitForHydration(page);
    await addNote(page, 'Turistas en el cerro Alegre');
    await saved(page);
    const canvasPath = new URL(page.url()).pathname.replace(/\/seccion\/.*$/, '');
    await page.goto(`${url}${canvasPath}/revisar`);
    await page
      .locator('[data-issue^="segment-no-channel"]')
      .getByRole('link', { name: 'Ir a Canales →' })
      .waitFor();
    expect(Number(await page.getByTestId('canvas-score').textContent())).toBeLessThan(20);

    await page.goto(`${url}/canvas`);
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Renombrar' }).click();
    await page.getByLabel('Nuevo nombre').fill('Café del Puerto 2');
    await page.getByRole('button', { name: 'Guardar' }).click();
    await page.getByRole('link', { name: 'Café del Puerto 2' }).waitFor();
    await page.getByRole('button', { name: 'Duplicar' }).click();
    await page.getByRole('link', { name: 'Copia de Café del Puerto 2' }).waitFor();
    await expectAccessible(page);
    await screenshot(page, 'canvas-list-desktop');
    await page.getByRole('button', { name: 'Eliminar' }).first().click();
    await page.getByText(/Se borrarán todas sus notas/).waitFor();
    await page.getByRole('button', { name: 'Sí, eliminar' }).click();
    await expect.poll(() => page.locator('[data-canvas]').count()).toBe(1);
    await page.reload();
    await expect.poll(() => page.locator('[data-canvas]').count()).toBe(1);
    await context.close();
  });

  it('a note added a moment before leaving the block by another link is saved first', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/canvas/iniciar`);
    await waitForHydration(page);
    await page.getByLabel('Nombre de tu idea').fill('Nota al salir');
    await page.getByRole('button', { name: /Empezar por los segmentos/ }).click();
    await page.waitForURL(/segmento-de-clientes$/);
    await waitForHydration(page);
    const block = page.url();
    // A link in the header, clicked right after the note was added (the save waits 700 ms).
    await addNote(page, 'Familias de Ñuñoa');
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Panel' })
      .click();
    await page.waitForURL(/\/dashboard$/);
    await page.goto(block.replace(/\/seccion\/.*$/, '/resumen'));
    await page.getByText('Familias de Ñuñoa').waitFor();
    // Back on the block: no conflict about its own saved note.
    await page.goto(block);
    await waitForHydration(page);
    await page.getByText('Familias de Ñuñoa').first().waitFor();
    expect(await page.getByRole('alertdialog').count()).toBe(0);
    await context.close();
  });

  it('a note typed but not added is kept when she goes on to the next block (issue 63)', async ({
    phone,
  }) => {
    const page = await phone.context.newPage();
    await page.goto(`${url}/canvas/iniciar`);
    await waitForHydration(page);
    await page.getByLabel('Nombre de tu idea').fill('Nota sin agregar');
    await page.getByRole('button', { name: /Empezar por los segmentos/ }).click();
    await page.waitForURL(/segmento-de-clientes$/);
    await waitForHydration(page);
    const block = page.url();
    await page.getByLabel('Nueva nota').fill('Turistas del puerto');
    // «Siguiente bloque» without pressing «Agregar nota».
    const nextTitle = SECTION_GUIDES[SECTION_ORDER[1]!].title;
    await page.getByRole('button', { name: `${nextTitle} →` }).click();
    await page.waitForURL((u) => u.href !== block);
    await page.goto(block);
    await waitForHydration(page);
    expect(await notesHolding(page, 'Turistas del puerto')).toBe(1);
  });

  it('two tabs on one block: the stale save gets a conflict and the person sees what changed', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const a = await context.newPage();
    await a.goto(`${url}/canvas/iniciar`);
    await waitForHydration(a);
    await a.getByLabel('Nombre de tu idea').fill('Dos pestañas');
    await a.getByRole('button', { name: /Empezar por los segmentos/ }).click();
    await a.waitForURL(/segmento-de-clientes$/);
    const sectionUrl = a.url();
    const b = await context.newPage();
    await b.goto(sectionUrl);
    await waitForHydration(a);
    await waitForHydration(b);
    await addNote(a, 'Desde la pestaña A');
    await saved(a);
    await addNote(b, 'Desde la pestaña B');
    await b
      .getByRole('alertdialog')
      .getByText('Este bloque cambió en otra pestaña o dispositivo')
      .waitFor();
    await b.getByText('Desde la pestaña A').first().waitFor();
    await screenshot(b, 'canvas-conflict-desktop');
    await b.getByRole('button', { name: 'Conservar mis cambios' }).click();
    await saved(b);
    await context.close();
  });

  it('typed while the islands load (every script 2.5 s late): the idea and a first note are kept', async ({
    phone,
  }) => {
    const { context } = phone;
    await delayScripts(context);
    const page = await context.newPage();
    await page.goto(`${url}/canvas/iniciar`, { waitUntil: 'domcontentloaded' });
    await page.getByLabel('Nombre de tu idea').fill('Huerta urbana en Valparaíso');
    expect(await page.evaluate(() => document.querySelector('astro-island[ssr]') !== null)).toBe(
      true,
    );
    await waitForHydration(page);
    expect(await page.getByLabel('Nombre de tu idea').inputValue()).toBe(
      'Huerta urbana en Valparaíso',
    );
    await Promise.all([
      page.waitForURL(/\/seccion\//, { waitUntil: 'domcontentloaded' }),
      page.getByRole('button', { name: /Empezar por los segmentos/ }).click(),
    ]);
    await page.getByLabel('Nueva nota').fill('Vecinos del cerro');
    await waitForHydration(page);
    expect(await page.getByLabel('Nueva nota').inputValue()).toBe('Vecinos del cerro');
    await context.close();
  });
});
