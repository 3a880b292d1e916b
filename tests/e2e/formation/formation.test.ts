import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  screenshot,
  waitForHydration,
  useBrowser,
} from '../../support/browser';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

type Shot = (name: string) => Promise<void>;

async function next(page: Page, to: RegExp) {
  await Promise.all([
    page.waitForURL(to),
    page.getByRole('button', { name: /Siguiente|Revisar todo/ }).click(),
  ]);
  await waitForHydration(page);
}

async function fillPartner(
  scope: ReturnType<Page['locator']>,
  p: { rut: string; nombre: string; apellido: string; email: string },
) {
  await scope.getByLabel('RUT').fill(p.rut);
  await scope.getByLabel('Nombres').fill(p.nombre);
  await scope.getByLabel('Primer apellido').fill(p.apellido);
  await scope.getByLabel('Correo electrónico').fill(p.email);
  await scope.getByLabel('Teléfono').fill('9 8765 4321');
  await scope.getByLabel('Estado civil').selectOption('casado');
  await scope.getByLabel('Profesión u oficio').fill('Diseñadora');
  await scope.getByLabel('Dirección particular').fill('Pedro de Valdivia 100, Ñuñoa');
}

async function quickStart(page: Page, name: string, typeLabel: RegExp) {
  await page.goto(`${url}/`);
  await waitForHydration(page);
  await page.getByLabel('Nombre de tu empresa').fill(name);
  await page.getByRole('radio', { name: typeLabel }).check();
  await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
  await page.waitForURL(/01-nombra-tu-empresa$/);
  await waitForHydration(page);
}

async function commonSteps(page: Page, type: string, shot: Shot) {
  // 01: the quick-start name arrives; the legal suffix is fixed with one click.
  await expect.poll(() => page.getByLabel('Razón social').inputValue()).toBe('Panadería Las Rosas');
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await page
    .getByText(/debe terminar en/)
    .first()
    .waitFor();
  await page.getByRole('button', { name: 'Usar este nombre' }).click();
  await shot('01-nombra-tu-empresa');
  await next(page, /02-domicilios$/);
  // 02
  await page.getByLabel('Calle').fill('Av. Providencia');
  await page.getByLabel('Número').fill('1234');
  await page.getByLabel('Región', { exact: true }).selectOption('Metropolitana de Santiago');
  await page.getByLabel('Comuna', { exact: true }).selectOption('Providencia');
  await page.getByRole('radio', { name: /Oficina virtual · / }).check();
  await shot('02-domicilios');
  await next(page, /03-giro$/);
  // 03: search the SII codes without accents.
  await page.getByLabel('Busca actividades del SII').fill('panaderia');
  await page
    .getByRole('listitem')
    .filter({ hasText: '107100' })
    .getByRole('button', { name: 'Agregar' })
    .click();
  // The code is kept as a code, shown with its name; the first one starts the giro's text.
  const chosen = page.getByRole('region', { name: 'Actividades elegidas' });
  await chosen.getByText('107100 · Elaboración de productos de panadería y pastelería').waitFor();
  await expect
    .poll(() => page.getByLabel('Giro de la empresa').inputValue())
    .toBe('Elaboración de productos de panadería y pastelería');
  await shot('03-giro');
  await next(page, /04-capital$/);
  // 04
  await page.getByLabel('Capital inicial').fill('2500000');
  await page.getByLabel('Capital inicial').blur();
  await expect.poll(() => page.getByLabel('Capital inicial').inputValue()).toBe('$2.500.000');
  await shot('04-capital');
  await next(page, type === 'eirl' ? /05-individualizar$/ : /05-administracion-y-acuerdos$/);
}

async function sendFromRevision(page: Page, shot: Shot) {
  await page.getByText('Todo está completo').waitFor();
  await shot('revision');
  await expectAccessible(page);
  await Promise.all([
    page.waitForURL(/formulario-enviado/),
    page.getByRole('button', { name: 'Enviar solicitud' }).click(),
  ]);
  await page.getByRole('heading', { name: '¡Recibimos tu solicitud!' }).waitFor();
  await expectAccessible(page);
  await shot('formulario-enviado');
  // The back button shows what was sent, not a blank draft's missing fields (issue 46).
  await page.goBack();
  await page.getByRole('heading', { name: 'Ya enviaste esta solicitud' }).waitFor();
  expect(await page.getByText(/Faltan \d+ datos/).count()).toBe(0);
  await shot('revision-ya-enviada');
  await page.goForward();
}

describe('company formation in the browser', () => {
  it('SpA from quick start to formulario-enviado, then on the dashboard and its detail', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    const shot: Shot = (n) => screenshot(page, `formation-spa-${n}-desktop`);
    await quickStart(page, 'Panadería Las Rosas', /^SpA/);
    await expectAccessible(page);
    const types = page.getByRole('navigation', { name: 'Tipo de empresa' });
    expect(await types.getByRole('link', { name: 'EIRL' }).getAttribute('href')).toBe(
      '/modelo-de-negocio/eirl/01-nombra-tu-empresa',
    );
    expect(await types.getByRole('link', { name: 'SpA' }).getAttribute('aria-current')).toBe(
      'page',
    );
    await commonSteps(page, 'spa', shot);
    await page.getByRole('radio', { name: /Un administrador/ }).check();
    await page.getByRole('radio', { name: /Conjunta/ }).check();
    await shot('05-administracion-y-acuerdos');
    await next(page, /06-explotar-giro$/);
    await page.getByRole('radio', { name: /Sí, que pueda ampliar/ }).check();
    await shot('06-explotar-giro');
    await next(page, /07-individualizar$/);
    await expectAccessible(page);
    // An invalid RUT blocks the step with a Spanish message.
    await fillPartner(page.locator('section').first(), {
      rut: '12.345.678-9',
      nombre: 'Camila',
      apellido: 'Rojas',
      email: 'camila@ejemplo.cl',
    });
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page
      .getByText('El RUT no es válido: revisa los números y el dígito verificador.')
      .waitFor();
    expect(page.url()).toMatch(/07-individualizar$/);
    await page.getByLabel('RUT').fill('123456785');
    await page.getByLabel('RUT').blur();
    await expect.poll(() => page.getByLabel('RUT').inputValue()).toBe('12.345.678-5');
    // Someone must administer it.
    await page.getByRole('button', { name: 'Siguiente' }).click();
    await page.getByText('Marca quién administrará la empresa: al menos una persona.').waitFor();
    await page.getByRole('checkbox', { name: 'Administrará la empresa' }).check();
    await shot('07-individualizar');
    await next(page, /08-participacion$/);
    await page.getByLabel('Número total de acciones').fill('5000');
    await page.getByLabel('Camila Rojas').fill('100');
    await page.getByText('5.000 acciones').waitFor();
    await shot('08-participacion');
    await next(page, /revision$/);
    await sendFromRevision(page, shot);

    await page.getByRole('link', { name: 'Ver el estado de mi solicitud' }).click();
    await page.getByRole('heading', { name: 'Panadería Las Rosas SpA' }).waitFor();
    await page.getByText('Enviado').first().waitFor();
    await expectAccessible(page);
    await shot('detalle');
    await page.goto(`${url}/dashboard`);
    await page.getByRole('link', { name: /Panadería Las Rosas SpA/ }).waitFor();
    await page.locator('[data-module="formalizacion"]').getByText('Completado').waitFor();
    // The draft was cleared after sending.
    const draft = await page.evaluate(() =>
      JSON.parse(localStorage.getItem('impulsa:formation:spa') ?? 'null'),
    );
    expect(draft?.data?.companyName ?? '').toBe('');
    await context.close();
  });

  it('Ltda with two partners through the form (mobile)', async ({ phone }) => {
    const { context } = phone;
    const page = await context.newPage();
    const shot: Shot = (n) => screenshot(page, `formation-ltda-${n}-mobile`);
    await quickStart(page, 'Panadería Las Rosas', /^Ltda\./);
    await commonSteps(page, 'ltda', shot);
    await shot('05-administracion-y-acuerdos');
    await next(page, /06-explotar-giro$/);
    await page.getByRole('radio', { name: /No, solo el giro/ }).check();
    await shot('06-explotar-giro');
    await next(page, /07-individualizar$/);
    await fillPartner(page.locator('section').nth(0), {
      rut: '12.345.678-5',
      nombre: 'Camila',
      apellido: 'Rojas',
      email: 'camila@ejemplo.cl',
    });
    await fillPartner(page.locator('section').nth(1), {
      rut: '8.765.432-k',
      nombre: 'Pedro',
      apellido: 'Soto',
      email: 'pedro@ejemplo.cl',
    });
    await page
      .locator('section')
      .nth(0)
      .getByRole('checkbox', { name: 'Administrará la empresa' })
      .check();
    await shot('07-individualizar');
    await next(page, /08-participacion$/);
    await page.getByLabel('Camila Rojas').fill('60');
    await page.getByLabel('Pedro Soto').fill('30');
    await page.getByRole('button', { name: 'Revisar todo' }).click();
    await page.getByText(/Hoy suman 90 %/).waitFor();
    await page.getByRole('button', { name: 'Repartir en partes iguales' }).click();
    await page.getByText('Total: 100 %').waitFor();
    await shot('08-participacion');
    await next(page, /revision$/);
    await sendFromRevision(page, shot);
    await context.close();
  });

  it('EIRL through the form; the draft survives a reload and a failed submit (desktop)', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    const shot: Shot = (n) => screenshot(page, `formation-eirl-${n}-desktop`);
    await quickStart(page, 'Panadería Las Rosas', /^EIRL/);
    await page.reload();
    await waitForHydration(page);
    await expect
      .poll(() => page.getByLabel('Razón social').inputValue())
      .toBe('Panadería Las Rosas');
    await commonSteps(page, 'eirl', shot);
    await fillPartner(page.locator('section').first(), {
      rut: '12.345.678-5',
      nombre: 'Camila',
      apellido: 'Rojas',
      email: 'camila@ejemplo.cl',
    });
    await shot('05-individualizar');
    await next(page, /revision$/);
    // The EIRL's name must now hold the owner's name: the revision says what to fix.
    await page.getByText(/nombre y apellido de su titular/).waitFor();
    await expect(page.getByRole('button', { name: 'Enviar solicitud' }).isDisabled()).resolves.toBe(
      true,
    );
    await page.getByRole('link', { name: 'Nombra tu empresa' }).first().click();
    await waitForHydration(page);
    await page.getByRole('button', { name: 'Usar este nombre' }).click();
    await expect
      .poll(() => page.getByLabel('Razón social').inputValue())
      .toBe('Camila Rojas Panadería Las Rosas E.I.R.L.');
    await page.goto(`${url}/modelo-de-negocio/eirl/revision`);
    await waitForHydration(page);
    await page.getByText('Todo está completo').waitFor();
    // A failed submit (no connection) keeps everything.
    await context.setOffline(true);
    await page.getByRole('button', { name: 'Enviar solicitud' }).click();
    await page.locator('li.toast').getByText('No se pudo enviar').waitFor();
    await context.setOffline(false);
    await page.reload();
    await waitForHydration(page);
    await page
      .getByRole('heading', { name: 'Camila Rojas Panadería Las Rosas E.I.R.L.' })
      .waitFor();
    await sendFromRevision(page, shot);
    await context.close();
  });

  it('the draft follows the user to another browser', async ({ desktop }) => {
    const { context, account } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/modelo-de-negocio/spa/01-nombra-tu-empresa`);
    await waitForHydration(page);
    await page.getByLabel('Razón social').fill('Viajera SpA');
    await page.getByText('Guardado', { exact: true }).waitFor();
    await expect
      .poll(
        async () =>
          await page.evaluate(
            () => JSON.parse(localStorage.getItem('impulsa:formation:spa')!).dirty.length,
          ),
      )
      .toBe(0);
    const other = await browserOf().newContext({ viewport: DESKTOP, locale: 'es-CL' });
    await other.addCookies([{ name: 'impulsa_session', value: account.token, url }]);
    const page2 = await other.newPage();
    await page2.goto(`${url}/modelo-de-negocio/spa/01-nombra-tu-empresa`);
    await waitForHydration(page2);
    await expect.poll(() => page2.getByLabel('Razón social').inputValue()).toBe('Viajera SpA');
    await other.close();
    await context.close();
  });

  it('EIRL through the chat, resuming after a reload', async ({ phone }) => {
    const { context } = phone;
    const page = await context.newPage();
    await page.goto(`${url}/modelo-de-negocio/eirl/chat`);
    await waitForHydration(page);
    const say = async (text: string) => {
      const box = page.locator('form input:not([type=hidden]), form textarea').first();
      await box.fill(text);
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    };
    const choose = (label: string | RegExp) =>
      page.getByRole('group', { name: 'Respuestas' }).getByRole('button', { name: label }).click();
    const pick = async (value: string) => {
      await page.locator('form select').selectOption(value);
      await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    };
    await page.getByText('¿Cuál será la razón social').waitFor();
    await say('Taller');
    await page.getByText(/debe terminar en "E.I.R.L."/).waitFor();
    await say('Camila Rojas Taller E.I.R.L.');
    await page.getByRole('button', { name: 'Omitir esta pregunta' }).click();
    await say('Los Leones');
    await say('456');
    // The region's list starts at its prompt, not blank with the number just sent.
    await expect
      .poll(() =>
        page
          .locator('form select')
          .evaluate((s: HTMLSelectElement) => s.options[s.selectedIndex]?.textContent),
      )
      .toBe('Elige una opción');
    await pick('Metropolitana de Santiago');
    await pick('Providencia');
    await screenshot(page, 'formation-chat-mobile');
    await page.reload();
    await waitForHydration(page);
    // Resumes where it was left.
    await page.getByText('¿Algún detalle, como oficina o departamento?').waitFor();
    await page.getByRole('button', { name: 'Omitir esta pregunta' }).click();
    await choose('Sí, el mismo');
    await choose('No por ahora');
    await page.getByText('¿Qué actividades del SII realizará?').waitFor();
    await say('4763');
    await page.getByText(/código de 6 dígitos/).waitFor();
    // A code that is not on the SII's list is refused; words find the ones that are.
    await say('999999');
    await page.getByText('El código 999999 no está en la lista de actividades del SII').waitFor();
    await say('panadería');
    await page.getByText('Elige la actividad que calce:').waitFor();
    await page.getByRole('button', { name: /^107100 · / }).waitFor();
    await say('476302');
    // The capital typed the moment its question replaces the activity's, before the browser has
    // painted once (a person typing fast, or a slow phone): what was typed stays, and is what is
    // sent. When the box was reset by an effect after paint, it still showed the capital while the
    // chat held an empty answer, so Enviar said it was missing and the next question never came.
    const typed = await page.evaluate(async () => {
      const setValue = (box: HTMLInputElement | HTMLTextAreaElement, value: string) => {
        Object.getOwnPropertyDescriptor(Object.getPrototypeOf(box), 'value')!.set!.call(box, value);
        box.dispatchEvent(new Event('input', { bubbles: true }));
      };
      const box = () =>
        document.querySelector<HTMLInputElement | HTMLTextAreaElement>(
          'form input:not([type=hidden]), form textarea',
        )!;
      const frame = () =>
        new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve)));
      setValue(box(), 'Reparación de bicicletas y venta de repuestos');
      await Promise.resolve();
      [...document.querySelectorAll<HTMLButtonElement>('form button[type=submit]')]
        .find((b) => b.textContent?.trim() === 'Enviar')!
        .click();
      await new Promise((resolve) => setTimeout(resolve));
      setValue(box(), '1000000');
      await frame();
      await frame();
      return box().value;
    });
    expect(typed).toBe('1000000');
    await page.getByRole('button', { name: 'Enviar', exact: true }).click();
    await choose('Indefinida');
    await say('12.345.678-5');
    await say('Camila');
    await say('Rojas');
    await page.getByRole('button', { name: 'Omitir esta pregunta' }).click();
    await say('camila@ejemplo.cl');
    await say('+56912345678');
    await choose('Soltera');
    await say('Mecánica');
    await choose('Chilena');
    await say('Los Leones 456, Providencia');
    await page.getByText('¡Listo! Ya tengo todo lo necesario.').waitFor();
    await expectAccessible(page);
    await screenshot(page, 'formation-chat-done-mobile');
    await page.getByRole('link', { name: 'Revisar y enviar' }).click();
    await waitForHydration(page);
    await sendFromRevision(page, (n) => screenshot(page, `formation-chat-${n}-mobile`));
    await context.close();
  });

  it('unknown types and steps are 404 with the path; the bases redirect to step 01', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    for (const path of [
      '/modelo-de-negocio/sa',
      '/modelo-de-negocio/eirl/06-explotar-giro',
      '/modelo-de-negocio/spa/09-algo',
      '/modelo-de-negocio/sa/chat',
    ]) {
      const res = await page.goto(url + path);
      expect(res?.status(), path).toBe(404);
      await expect(page.getByTestId('error-description').textContent()).resolves.toBe(
        `Page Not Found: ${path}`,
      );
    }
    await page.goto(`${url}/modelo-de-negocio`);
    expect(new URL(page.url()).pathname).toBe('/modelo-de-negocio/spa/01-nombra-tu-empresa');
    await page.goto(`${url}/modelo-de-negocio/ltda`);
    expect(new URL(page.url()).pathname).toBe('/modelo-de-negocio/ltda/01-nombra-tu-empresa');
    await context.close();
  });
});
