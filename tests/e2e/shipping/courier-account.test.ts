/**
 * A seller connects her Shipit account at /despacho with JavaScript off (issue 65): a refused save
 * keeps what she typed and says why on Shipit's own form; a good one is checked with the local
 * Shipit at once; a wrong token reads «Shipit la rechazó»; she disconnects. Looked at on a phone
 * and a desktop.
 */
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import { DESKTOP, expectAccessible, screenshot, useBrowser } from '../../support/browser';
import { CHILEXPRESS_COVERAGE_KEY, CHILEXPRESS_RATING_KEY } from '../../support/chilexpress';
import { SHIPIT_EMAIL, SHIPIT_TOKEN } from '../../support/shipit';
import { STARKEN_TOKEN } from '../../support/starken';

const base = inject('servers')[0]!.url;
useBrowser();

describe('couriers at /despacho', () => {
  it('connects, checks and disconnects a Shipit account without JavaScript', async ({
    noScript,
  }) => {
    const { page, view } = noScript;
    await page.goto(`${base}/despacho`);
    const state = page.getByRole('region', { name: 'Estado de Shipit' });
    await state.getByText('Sin conectar').waitFor();

    // No token yet: refused, the e-mail kept.
    await page.getByLabel('Correo de tu cuenta Shipit').fill(SHIPIT_EMAIL);
    await page.getByRole('button', { name: 'Guardar cuenta Shipit' }).click();
    await page.getByText('Escribe el token de tu cuenta Shipit.').first().waitFor();
    expect(await page.getByLabel('Correo de tu cuenta Shipit').inputValue()).toBe(SHIPIT_EMAIL);

    await page.getByLabel('Token de Shipit').fill(SHIPIT_TOKEN);
    await page.getByRole('button', { name: 'Guardar cuenta Shipit' }).click();
    await page.getByRole('status').getByText('Cuenta Shipit guardada y verificada').waitFor();
    await state.getByText('Verificada').waitFor();
    expect(await page.content()).not.toContain(SHIPIT_TOKEN);
    await screenshot(page, 'despacho-shipit-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${base}/despacho`);
    await view.getByRole('region', { name: 'Estado de Shipit' }).getByText('Verificada').waitFor();
    await expectAccessible(view);
    await screenshot(view, 'despacho-shipit-desktop');

    // A token Shipit does not know.
    await page.getByLabel('Token de Shipit').fill('otro-token');
    await page.getByRole('button', { name: 'Guardar cuenta Shipit' }).click();
    await page
      .getByRole('status')
      .getByText('Cuenta guardada, pero Shipit no la reconoce')
      .waitFor();
    await state.getByText('Shipit la rechazó').waitFor();

    await state.getByRole('button', { name: 'Desconectar Shipit' }).click();
    await page.getByRole('status').getByText('Shipit desconectado').waitFor();
    await page
      .getByRole('region', { name: 'Estado de Shipit' })
      .getByText('Sin conectar')
      .waitFor();
  });

  it('connects Starken with its token and Chilexpress with its two keys', async ({ noScript }) => {
    const { page, view } = noScript;
    await page.goto(`${base}/despacho`);
    await page.getByLabel('Token de Starken').fill(STARKEN_TOKEN);
    await page.getByRole('button', { name: 'Guardar cuenta Starken' }).click();
    await page.getByRole('status').getByText('Cuenta Starken guardada y verificada').waitFor();
    const starken = page.getByRole('region', { name: 'Estado de Starken' });
    await starken.getByText('Verificada').waitFor();
    await starken.getByText('Agencia de tu comuna de origen').waitFor();

    // One key only: refused on Chilexpress's own form, nothing typed lost.
    await page.getByLabel('Clave del Cotizador').fill(CHILEXPRESS_RATING_KEY);
    await page.getByRole('button', { name: 'Guardar cuenta Chilexpress' }).click();
    await page.getByText('No pudimos guardar tu cuenta Chilexpress').waitFor();
    await page.getByLabel('Clave de Coberturas').fill(CHILEXPRESS_COVERAGE_KEY);
    await page.getByLabel('Clave del Cotizador').fill(CHILEXPRESS_RATING_KEY);
    await page.getByRole('button', { name: 'Guardar cuenta Chilexpress' }).click();
    await page.getByRole('status').getByText('Cuenta Chilexpress guardada y verificada').waitFor();
    await page
      .getByRole('region', { name: 'Estado de Chilexpress' })
      .getByText('Verificada')
      .waitFor();
    const html = await page.content();
    for (const key of [STARKEN_TOKEN, CHILEXPRESS_RATING_KEY, CHILEXPRESS_COVERAGE_KEY])
      expect(html).not.toContain(key);
    await screenshot(page, 'despacho-couriers-mobile');
    await view.setViewportSize(DESKTOP);
    await view.goto(`${base}/despacho`);
    await expectAccessible(view);
    await screenshot(view, 'despacho-couriers-desktop');
  });
});
