/**
 * The dashboard's path as a React island (issue 50), in Chromium: hydrated, the card records the
 * seller's tax start and tests a payment provider in place (no page load, a toast from the page's
 * one toast area) and moves on to the next step; the next lesson opens in the card. Without
 * JavaScript the same card posts, keeps what was typed when refused, and moves on after. Looked
 * at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  lookAtBothWidths,
  MOBILE,
  sessionContext,
  useBrowser,
  waitForHydration,
} from '../../support/browser';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { flowShop } from '../../support/flow-buyer';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe('the path’s card', () => {
  it('records the tax start and tests Flow in place, then moves on', async () => {
    const shop = await flowShop(url);
    await filledCanvas(shop.api, shop.account.token, 'Cerámica', FINISHED_CANVAS);
    const context = await sessionContext(browserOf(), url, shop.account, MOBILE);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${url}/dashboard`);
    await waitForHydration(page);
    const card = page.locator('section[aria-labelledby="siguiente-paso"]');
    await card.getByRole('heading', { name: 'Inicia actividades en el SII' }).waitFor();
    await card.getByText('cuenta verificada').waitFor();
    await lookAtBothWidths(page, 'panel-camino');
    // A page load would lose this mark: everything below happens in place.
    await page.evaluate(() => ((window as unknown as { stayed: boolean }).stayed = true));

    await card.getByRole('button', { name: 'Probar conexión con Flow' }).click();
    await page.getByText('Flow aceptó tu cuenta').first().waitFor();

    await card.getByLabel('¿Ya lo hiciste? ¿Qué día?').fill('2024-05-06');
    await card.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await page.getByText('Inicio de actividades anotado').first().waitFor();
    await card.getByRole('heading', { name: 'Publica tu primer producto' }).waitFor();
    await expect(card.getByLabel('¿Ya lo hiciste? ¿Qué día?').count()).resolves.toBe(0);

    await card.getByText('Tu próxima lección:').click();
    await card.getByRole('link', { name: 'Ver la lección' }).waitFor();
    expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(
      true,
    );
    expect(page.url()).toBe(`${url}/dashboard`);
    await context.close();
  });

  it('works before any script: a refused day is kept, a good one moves the path on', async ({
    noScript,
  }) => {
    const { account, page, close } = noScript;
    const api = new ApiClient(url);
    await openShop(api, account.token);
    await filledCanvas(api, account.token, 'Greda', FINISHED_CANVAS);
    await page.goto(`${url}/dashboard`);
    const card = page.locator('section[aria-labelledby="siguiente-paso"]');
    await card.getByRole('heading', { name: 'Inicia actividades en el SII' }).waitFor();
    await card.getByText('conecta Webpay, Flow o Mercado Pago').waitFor();

    const day = card.getByLabel('¿Ya lo hiciste? ¿Qué día?');
    await day.evaluate((input) => input.removeAttribute('max'));
    await day.fill('2999-01-01');
    await card.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await card.getByText('La fecha no puede ser futura.').waitFor();
    await expect(card.getByLabel('¿Ya lo hiciste? ¿Qué día?').inputValue()).resolves.toBe(
      '2999-01-01',
    );

    await card.getByLabel('¿Ya lo hiciste? ¿Qué día?').fill('2024-05-06');
    await card.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await page.waitForURL(`${url}/dashboard`);
    await card.getByRole('heading', { name: 'Publica tu sitio web' }).waitFor();
    await close();
  });
});
