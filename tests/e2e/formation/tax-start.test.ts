/**
 * The tax start as a step (issue 50), in Chromium with JavaScript off: once the company is
 * constituted the dashboard's next step is «Inicia actividades en el SII»; the company's page
 * gives the deadline, the data as a PDF and a form for the day; recorded, the path goes on.
 * A persona natural's own tax start has a page of its own, with the shop's data for the SII's
 * form. Looked at, with axe, at 360 and 1280 px.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { chileDay } from '@/lib/dates';
import { FINISHED_CANVAS, filledCanvas } from '../../support/canvas';
import { PAYLOADS } from '../../fixtures/companies';
import { lookAtBothWidths, useBrowser } from '../../support/browser';
import { constitute } from '../../support/formation';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';

const { url } = inject('servers')[0]!;
const staff = inject('staff');
useBrowser();

describe('the tax start', () => {
  it('the next step leads to the company’s page, where the day is recorded without JavaScript', async ({
    noScript,
  }) => {
    const { account, page, view, close } = noScript;
    const api = new ApiClient(url);
    const company = (await api.post('/api/companies/', PAYLOADS.spa, { token: account.token }))
      .body;
    const today = chileDay();
    await constitute(url, staff, company.id, today);

    await page.goto(`${url}/dashboard`);
    await page.getByRole('heading', { name: 'Inicia actividades en el SII' }).waitFor();
    await page.getByRole('link', { name: 'Ver qué necesitas' }).click();
    const section = page.locator('#inicio-actividades');
    await section.getByText('Tienes hasta el').waitFor();
    const pdfHref = await section
      .getByRole('link', { name: 'Descargar tus datos para el SII (PDF)' })
      .getAttribute('href');
    const pdf = await page.request.get(new URL(pdfHref!, url).href);
    expect(pdf.headers()['content-type']).toBe('application/pdf');

    await view.goto(page.url());
    await lookAtBothWidths(view, 'inicio-actividades');

    await section.getByLabel('¿Ya lo hiciste? ¿Qué día?').fill(today);
    await section.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await page
      .locator('#inicio-actividades')
      .getByText('Tu empresa inició actividades el')
      .waitFor();
    await page.goto(`${url}/dashboard`);
    await expect(
      page.getByRole('heading', { name: 'Inicia actividades en el SII' }).count(),
    ).resolves.toBe(0);
    await close();
  });

  it('a persona natural’s own tax start: what the SII asks, and the day kept when refused', async ({
    noScript,
  }) => {
    const { account, page, view, close } = noScript;
    await openShop(new ApiClient(url), account.token);
    await filledCanvas(new ApiClient(url), account.token, 'Greda', FINISHED_CANVAS);

    await page.goto(`${url}/dashboard`);
    await page.getByRole('heading', { name: 'Inicia actividades en el SII' }).waitFor();
    await page.getByRole('link', { name: 'Ver qué necesitas' }).click();
    await page
      .getByRole('heading', { name: 'Vendes como Rosa Muñoz Pérez, RUT 12.345.678-5' })
      .waitFor();
    await page.getByText('479100 · Venta al por menor por correo').waitFor();
    await view.goto(page.url());
    await lookAtBothWidths(view, 'inicio-actividades-persona');

    // A day ahead: refused in Spanish, with what was typed still there.
    const date = page.getByLabel('¿Ya lo hiciste? ¿Qué día?');
    await date.evaluate((input) => input.removeAttribute('max'));
    await date.fill('2999-01-01');
    await page.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await page.getByText('La fecha no puede ser futura.').waitFor();
    await expect(page.getByLabel('¿Ya lo hiciste? ¿Qué día?').inputValue()).resolves.toBe(
      '2999-01-01',
    );

    await page.getByLabel('¿Ya lo hiciste? ¿Qué día?').fill('2024-05-06');
    await page.getByRole('button', { name: 'Anotar inicio de actividades' }).click();
    await page.getByTestId('tax-start-done').getByText('6 de mayo de 2024').waitFor();
    await page.goto(`${url}/dashboard`);
    await expect(
      page.getByRole('heading', { name: 'Inicia actividades en el SII' }).count(),
    ).resolves.toBe(0);
    await close();
  });
});
