/**
 * Watching a lesson in Chromium: the player's controls by keyboard, Spanish captions on, the
 * position kept across a reload (this device or any: it comes from the server), seen at 90 % with
 * the course's progress moving; "Marcar como vista" without JavaScript; the list ships no player.
 */
import type { Page } from 'playwright-core';
import { describe, expect, inject } from 'vitest';
import { it } from '../../support/e2e';
import {
  DESKTOP,
  expectAccessible,
  MOBILE,
  screenshot,
  signedInContext,
  useBrowser,
} from '../../support/browser';

const { url } = inject('servers')[0]!;
const browserOf = useBrowser(['--autoplay-policy=no-user-gesture-required']);

const video = (page: Page) => page.locator('video');
const currentTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

describe('lessons', () => {
  it('plays a lesson, resumes it after a reload, and counts it seen at 90 %', async ({
    desktop,
  }) => {
    const { context } = desktop;
    const page = await context.newPage();
    await page.goto(`${url}/videos`);
    await page.getByText('0 de 8 lecciones vistas').waitFor();
    expect(await page.locator('script[type="module"]').count()).toBe(0);
    await expectAccessible(page);
    await screenshot(page, 'lecciones-desktop');
    await page.getByRole('link', { name: 'Empezar por la primera' }).click();
    await page
      .getByRole('heading', { name: 'Cómo validar tu idea en una semana', level: 1 })
      .waitFor();

    // The player: media-chrome's controls in Spanish, Spanish captions showing by default.
    await page.locator('media-play-button').waitFor();
    // The lesson store (docs/spec.md §3), persisted on the device.
    expect(
      JSON.parse((await page.evaluate(() => localStorage.getItem('impulsa:lessons')))!),
    ).toMatchObject({
      selectedLessonId: 1,
      initialPageShowed: true,
      loading: false,
      error: null,
      lessonsData: expect.arrayContaining([{ id: 1, slug: 'como-validar-tu-idea' }]),
    });
    expect(
      await video(page).evaluate((v: HTMLVideoElement) =>
        [...v.textTracks].map((t) => `${t.language}:${t.mode}`),
      ),
    ).toEqual(['es:showing']);
    expect(await page.locator('media-play-button').getAttribute('aria-label')).toBe('reproducir');
    await video(page).evaluate((v: HTMLVideoElement) => (v.muted = true));
    // Keyboard only: Tab to the play button, Space plays.
    await page.locator('media-play-button').focus();
    await page.keyboard.press('Space');
    await page.waitForFunction(() => !document.querySelector('video')!.paused);
    await page.getByRole('button', { name: '1,5×' }).click();
    expect(await video(page).evaluate((v: HTMLVideoElement) => v.playbackRate)).toBe(1.5);
    expect(await page.getByRole('button', { name: '1,5×' }).getAttribute('aria-pressed')).toBe(
      'true',
    );
    await expectAccessible(page);
    await screenshot(page, 'leccion-desktop');

    const duration = await video(page).evaluate((v: HTMLVideoElement) => v.duration);
    await video(page).evaluate((v: HTMLVideoElement, at: number) => {
      v.currentTime = at;
      v.pause();
    }, duration * 0.6);
    await page.waitForResponse(
      (r) => r.url().includes('/api/users/me/progress/lessons/') && r.ok(),
    );
    await page.reload();
    await page.getByText(/^Sigues desde \d+:\d\d\.$/).waitFor();
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1);
    await expect.poll(() => currentTime(page)).toBeGreaterThan(duration * 0.55);

    // Play on to 90 %: seen, and the course's progress moves.
    await video(page).evaluate(
      async (v: HTMLVideoElement, at: number) => {
        v.muted = true;
        v.currentTime = at;
        await v.play();
      },
      duration * 0.92 - 0.5,
    );
    await page.getByText('Vista ✓').waitFor();
    await page.getByRole('link', { name: /^Siguiente lección: Cómo llenar tu canvas/ }).waitFor();
    await page.setViewportSize(MOBILE);
    await screenshot(page, 'leccion-mobile');
    await page.goto(`${url}/videos`);
    await page.getByText('1 de 8 lecciones vistas').waitFor();
    expect(
      await page
        .getByRole('progressbar', { name: 'Avance en las lecciones' })
        .getAttribute('aria-valuenow'),
    ).toBe('13');
    await screenshot(page, 'lecciones-mobile');
    // A seen lesson starts over.
    await page.goto(`${url}/videos/como-validar-tu-idea`);
    await page.waitForFunction(() => document.querySelector('video')!.readyState >= 1);
    expect(await currentTime(page)).toBe(0);
    await page.goto(`${url}/dashboard`);
    await page.getByText('1 de 8 lecciones vistas').waitFor();
    await context.close();
  });

  it('marks a lesson seen without JavaScript, where the browser’s own player plays it', async () => {
    const { context } = await signedInContext(
      browserOf(),
      url,
      DESKTOP,
      {},
      { javaScriptEnabled: false },
    );
    const page = await context.newPage();
    await page.goto(`${url}/videos/precios-e-iva`);
    expect(await video(page).getAttribute('controls')).not.toBeNull();
    expect(await page.locator('track[srclang="es"]').getAttribute('default')).not.toBeNull();
    await page.getByRole('button', { name: 'Marcar como vista' }).click();
    await page.getByText('Vista ✓').waitFor();
    await context.close();
  });
});
