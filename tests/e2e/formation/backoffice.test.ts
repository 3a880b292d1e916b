/**
 * The back office in Chromium: the staff take a sent company enviado → en revisión → observada
 * (a refused observation first, its errors in place); the person corrects only the observed
 * fields on their company's page (a refused correction keeps what was typed), which sends it
 * back to revisión; then en firma → constituida, and the person sees the RUT and next steps.
 * Queue, detail and the person's page at 1280 and 360 px, with axe.
 */
import { describe, expect, inject, it } from 'vitest';
import { chileDay } from '@/lib/dates';
import {
  enterAcceptingTerms,
  lookAtBothWidths,
  MOBILE,
  sessionContext,
  signedInContext,
  useBrowser,
} from '../../support/browser';
import { ApiClient } from '../../support/http';
import { PAYLOADS } from '../../fixtures/companies';

/** The company is constituted the day it is sent: never before (the back office refuses that). */
const today = chileDay();

const { url } = inject('servers')[0]!;
const staff = inject('staff');
const browserOf = useBrowser();

/** Both widths, ending at 1280 px as the test goes on. */
const look = lookAtBothWidths;

describe('the back office', () => {
  it('moves a company to constituida, and the person sees each step', async () => {
    const person = await signedInContext(browserOf(), url, MOBILE, {
      full_name: 'Valentina Muñoz Rojas',
    });
    const api = new ApiClient(url);
    const sent = await api.post('/api/companies/', PAYLOADS.spa, { token: person.account.token });
    expect(sent.status).toBe(201);
    const name = sent.body.companyName as string;
    const login = await api.post('/api/users/login/', {
      email: staff.email,
      password: staff.password,
    });
    const office = await sessionContext(browserOf(), url, login.body);
    const page = await office.newPage();

    // A user who is not staff finds nothing there.
    const mine = await person.context.newPage();
    expect((await mine.goto(`${url}/backoffice`))!.status()).toBe(404);

    // Staff reach the back office from the header, once they accepted the terms.
    await enterAcceptingTerms(page, url, 'terminos-aceptar');
    await page
      .getByRole('navigation', { name: 'Principal' })
      .getByRole('link', { name: 'Back office' })
      .click();
    await page.getByRole('heading', { name: 'Solicitudes de constitución' }).waitFor();
    // Other tests send companies of the same name: this one is found by its person's e-mail.
    await page.getByLabel('Buscar').fill(person.account.user.email);
    await page.getByRole('button', { name: 'Filtrar' }).click();
    await page.waitForURL(/[?&]q=/);
    await expect(
      page.getByRole('list', { name: 'Solicitudes' }).getByRole('link').count(),
    ).resolves.toBe(1);
    await look(page, 'backoffice-cola');
    await page.locator(`a[href="/backoffice/empresas/${sent.body.id}"]`).click();
    await page.getByRole('heading', { name, level: 1 }).waitFor();
    await page.getByText(/de Valentina Muñoz Rojas/).waitFor();
    await page.getByRole('button', { name: 'Tomar en revisión' }).click();
    await page.locator('li.toast').getByText('Solicitud: En revisión').waitFor();

    await page.getByRole('button', { name: 'Observar' }).click();
    await page.getByText('Nombra al menos un campo a corregir.').waitFor();
    await page.getByRole('checkbox', { name: 'Domicilio tributario' }).check();
    await page.getByRole('checkbox', { name: 'Actividades del SII' }).check();
    await page
      .getByLabel('Qué hay que corregir (se lo enviamos)')
      .fill('La dirección no tiene número y falta la actividad de venta.');
    await page.getByRole('button', { name: 'Observar' }).click();
    await page.locator('li.toast').getByText('Solicitud: Con observaciones').waitFor();
    await look(page, 'backoffice-detalle');

    // The person corrects only those fields, on their company's page.
    await mine.goto(`${url}/dashboard/formalizacion/${sent.body.id}`);
    await mine.getByRole('heading', { name: 'Necesitamos que corrijas algunos datos' }).waitFor();
    await mine.getByText('La dirección no tiene número').first().waitFor();
    const fix = mine.getByRole('region', { name: 'Necesitamos que corrijas algunos datos' });
    await expect(fix.getByLabel('Razón social').count()).resolves.toBe(0);
    await fix.getByLabel('Calle').fill('Av. Italia');
    await fix.getByLabel('Número').fill('1550');
    await fix.getByLabel('Códigos de actividad del SII').fill('107100, 999999');
    await look(mine, 'empresa-observada');
    await fix.getByRole('button', { name: 'Enviar correcciones' }).click();
    await fix.getByText('Estos códigos no están en la lista del SII: 999999.').waitFor();
    await expect(fix.getByLabel('Calle').inputValue()).resolves.toBe('Av. Italia');
    await fix.getByLabel('Códigos de actividad del SII').fill('107100, 472101');
    await fix.getByRole('button', { name: 'Enviar correcciones' }).click();
    await mine.locator('li.toast').getByText('Enviamos tus correcciones').waitFor();
    await mine.getByText('Corregido: Domicilio tributario, Actividades del SII.').waitFor();
    await mine.getByText('Av. Italia 1550').first().waitFor();

    await page.reload();
    await page.getByText('Por Valentina Muñoz Rojas').waitFor();
    await page.getByRole('button', { name: 'Pasar a firma' }).click();
    await page.locator('li.toast').getByText('Solicitud: En firma').waitFor();
    await page.getByLabel('RUT de la empresa').fill('76.123.456-0');
    await page.getByLabel('Fecha de constitución').fill(today);
    await page.getByLabel('Referencia del registro').fill('RES-2026-118822');
    await page.getByRole('button', { name: 'Marcar constituida' }).click();
    await page.locator('li.toast').getByText('Solicitud: Constituida').waitFor();
    await page.getByText('Esta solicitud ya no tiene pasos.').waitFor();
    await expect(page.getByText('Por Rosa Equipo').count()).resolves.toBe(4);

    await mine.reload();
    await mine.getByRole('heading', { name: 'Tu empresa está constituida' }).waitFor();
    await mine.getByText('76.123.456-0').waitFor();
    await mine.getByText('Inicio de actividades en el SII').waitFor();
    await look(mine, 'empresa-constituida');
    // Its legal name and RUT can go to the person's shop.
    await mine.getByRole('button', { name: 'Usar esta empresa en mi tienda' }).click();
    await mine.locator('li.toast').getByText('Tu tienda vende como tu empresa').waitFor();
    await mine.getByText(`Tu tienda vende como ${name}, RUT 76.123.456-0`).waitFor();
    await mine.getByRole('button', { name: 'Dejar de mostrar la empresa en mi tienda' }).waitFor();
    await look(mine, 'empresa-en-la-tienda');
    // Its file, as corrected, says where it is and who represents it in the shop's settings.
    await mine.getByRole('link', { name: 'la configuración de la tienda' }).click();
    await expect(mine.getByLabel('Domicilio', { exact: true }).inputValue()).resolves.toMatch(
      /^Av\. Italia 1550, /,
    );
    await expect(
      mine.getByLabel('Representante legal (si vende una empresa)').inputValue(),
    ).resolves.toBe('María José Soto Pérez');
    await office.close();
    await person.context.close();
  });
});
