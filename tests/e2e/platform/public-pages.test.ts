import { describe, expect, inject, it } from 'vitest';
import {
  collectConsoleErrors,
  DESKTOP,
  expectAccessible,
  MOBILE,
  newContext,
  screenshot,
  signedInContext,
  waitForHydration,
  useBrowser,
} from '../../support/browser';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser();

describe.each([
  ['desktop', DESKTOP],
  ['mobile', MOBILE],
] as const)('public pages at %s width', (name, viewport) => {
  it('/ renders, is accessible, and looks right', async () => {
    const context = await newContext(browserOf(), viewport);
    const page = await context.newPage();
    const errors = collectConsoleErrors(page);
    await page.goto(`${url}/`);
    await expect(page.title()).resolves.toBe('Impulsa');
    await page.getByRole('heading', { level: 1 }).waitFor();
    await waitForHydration(page);
    await expectAccessible(page);
    await screenshot(page, `home-${name}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/landing renders with no JavaScript at all, and is accessible', async () => {
    const context = await newContext(browserOf(), viewport);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
    await page.goto(`${url}/landing`);
    await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toContain(
      'De la idea a tu primera venta',
    );
    expect(await page.locator('script').count()).toBe(0);
    expect(scripts).toEqual([]);
    await expectAccessible(page);
    await screenshot(page, `landing-${name}`);
    await context.close();
  });

  it('Impulsa’s terms, privacy policy and preferences: no JavaScript, accessible', async () => {
    const context = await newContext(browserOf(), viewport);
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (req) => req.resourceType() === 'script' && scripts.push(req.url()));
    for (const [path, title, shot] of [
      ['/terminos', 'Términos de uso', 'terminos'],
      ['/privacidad', 'Política de privacidad', 'privacidad'],
      ['/privacidad/preferencias', 'Preferencias de privacidad', 'preferencias-privacidad'],
    ] as const) {
      await page.goto(url + path);
      await expect(page.getByRole('heading', { level: 1 }).textContent()).resolves.toBe(title);
      expect(await page.locator('script').count()).toBe(0);
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
        viewport.width,
      );
      await expectAccessible(page);
      await screenshot(page, `${shot}-${name}`);
    }
    expect(scripts).toEqual([]);
    // The sign-up page says what registering accepts, and its link opens the policy.
    await page.goto(`${url}/registrate`);
    await screenshot(page, `registrate-${name}`);
    await page.getByRole('link', { name: 'Política de privacidad' }).first().click();
    await page.waitForURL(`${url}/privacidad`);
    await context.close();
  });

  it('the error page shows 404 and the path to a signed-in user, accessibly', async () => {
    const { context } = await signedInContext(browserOf(), url, viewport);
    const page = await context.newPage();
    const response = await page.goto(`${url}/no-existe/aqui`);
    expect(response?.status()).toBe(404);
    await expect(page.getByTestId('error-description').textContent()).resolves.toBe(
      'Page Not Found: /no-existe/aqui',
    );
    await expect(page.getByTestId('error-status-message').textContent()).resolves.toBe(
      'Page Not Found',
    );
    await expectAccessible(page);
    await screenshot(page, `error-404-${name}`);
    await context.close();
  });
});

describe('quick start (docs/spec.md §4, §5)', () => {
  it('does nothing without both a name and a type', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.goto(`${url}/`);
    const submit = page.getByRole('button', { name: 'Comenzar la constitución' });
    await waitForHydration(page);
    // Never disabled (it must post before hydration): pressed without both, it only reminds.
    await submit.click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'Escribe el nombre y elige el tipo para continuar.' })
      .waitFor();
    expect(new URL(page.url()).pathname).toBe('/');
    await page.getByLabel('Nombre de tu empresa').fill('Panadería Las Rosas');
    await page.getByLabel('Nombre de tu empresa').press('Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/');
    expect(
      await page.evaluate(() => localStorage.getItem('impulsa:quick-start-company')),
    ).toBeNull();
    await context.close();
  });

  it.each(['SpA', 'EIRL', 'Ltda.'])(
    'with a name and %s: stores both, goes to /modelo-de-negocio/{type} in lower case, and the name fills the draft',
    async (label) => {
      const { context } = await signedInContext(browserOf(), url, MOBILE);
      const page = await context.newPage();
      const navigations: string[] = [];
      page.on(
        'request',
        (r) => r.isNavigationRequest() && navigations.push(new URL(r.url()).pathname),
      );
      // What the quick start stores, reported as it is written: the formation page applies and
      // clears it right after the navigation, too fast to poll for.
      const type = label.toLowerCase().replace('.', '');
      let stored: string | null = null;
      await page.exposeFunction('impulsaStored', (value: string) => (stored = value));
      await page.addInitScript(() => {
        const real = window.localStorage;
        const report = (window as unknown as { impulsaStored: (v: string) => void }).impulsaStored;
        const watched = new Proxy(real, {
          get: (target, key) => {
            const value = Reflect.get(target, key);
            if (key === 'setItem')
              return (k: string, v: string) => (
                k === 'impulsa:quick-start-company' && report(v),
                target.setItem(k, v)
              );
            return typeof value === 'function' ? value.bind(target) : value;
          },
          set: (target, key, value) => {
            if (key === 'impulsa:quick-start-company') report(String(value));
            return Reflect.set(target, key, value);
          },
        });
        Object.defineProperty(window, 'localStorage', { get: () => watched });
      });
      await page.goto(`${url}/`);
      await waitForHydration(page);
      await page.getByLabel('Nombre de tu empresa').fill('  Panadería Las Rosas ');
      await page.getByRole('radio', { name: new RegExp(`^${label.replace('.', '\\.')}`) }).check();
      await page.getByRole('button', { name: 'Comenzar la constitución' }).click();
      await page.waitForURL(`${url}/modelo-de-negocio/${type}/01-nombra-tu-empresa`);
      expect(JSON.parse(stored ?? 'null')).toEqual({ name: 'Panadería Las Rosas', type });
      expect(navigations).toContain(`/modelo-de-negocio/${type}`);
      await waitForHydration(page);
      await expect
        .poll(() => page.getByLabel('Razón social').inputValue())
        .toBe('Panadería Las Rosas');
      // Applied once: the stored value and the server-side marker are cleared.
      expect(
        await page.evaluate(() => localStorage.getItem('impulsa:quick-start-company')),
      ).toBeNull();
      expect(
        (await context.cookies()).find((c) => c.name === 'impulsa_quickstart'),
      ).toBeUndefined();
      await context.close();
    },
  );
});

describe('toasts', () => {
  it('a toast raised before a navigation shows on the next page, even zero-JS, then closes', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    // What toast() leaves behind when the page navigates before the toast is dismissed.
    const flash = {
      title: 'Cambios guardados',
      description: 'Tu borrador quedó guardado.',
      at: Date.now(),
    };
    await context.addCookies([
      { name: 'impulsa_flash', value: encodeURIComponent(JSON.stringify(flash)), url },
    ]);
    await page.goto(`${url}/landing`);
    const region = page.getByRole('region', { name: 'Notifications (F8)' });
    await region.waitFor({ state: 'attached' });
    // Radix also copies the text into a screen-reader announcer for a second: look inside the toast.
    const item = page.locator('li.toast').getByText('Tu borrador quedó guardado.');
    await item.waitFor();
    await screenshot(page, 'toast-desktop');
    // F8 moves focus to the toast area.
    await page.keyboard.press('F8');
    await expect(
      page.evaluate(
        () => document.activeElement?.closest('[aria-label="Notifications (F8)"]') !== null,
      ),
    ).resolves.toBe(true);
    // Shown once: the cookie is gone.
    expect((await context.cookies()).find((c) => c.name === 'impulsa_flash')).toBeUndefined();
    await page.mouse.move(0, 0);
    await page.locator('body').click({ position: { x: 5, y: 5 } });
    await item.waitFor({ state: 'detached', timeout: 9000 });
    await page.reload();
    expect(await page.locator('script').count()).toBe(0);
    await context.close();
  });

  it('swiping a toast right closes it', async () => {
    const context = await newContext(browserOf());
    const page = await context.newPage();
    await page.context().addCookies([
      {
        name: 'impulsa_flash',
        value: encodeURIComponent(JSON.stringify({ title: 'Desliza', at: Date.now() })),
        url,
      },
    ]);
    await page.goto(`${url}/`);
    const toastEl = page.locator('li.toast');
    await toastEl.waitFor();
    // Swipe only once the toast has slid in and the island listens: a moving target drops the gesture.
    await waitForHydration(page);
    await page.waitForFunction(
      () => document.querySelector('li.toast')?.getAnimations().length === 0,
    );
    const box = (await toastEl.boundingBox())!;
    await page.mouse.move(box.x + 20, box.y + box.height / 2);
    await page.mouse.down();
    for (let dx = 10; dx <= 120; dx += 10)
      await page.mouse.move(box.x + 20 + dx, box.y + box.height / 2);
    await page.mouse.up();
    await toastEl.waitFor({ state: 'detached', timeout: 3000 });
    await context.close();
  });
});
