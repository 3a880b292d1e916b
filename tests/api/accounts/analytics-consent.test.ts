/**
 * Analytics by consent (issue 48, Ley 21.719), on PGlite and PostgreSQL: until a person says yes the
 * pages carry the banner and no analytics key, and the /ingest proxy forwards nothing; the choice
 * is kept in a cookie for a visitor and on the account when signed in (the browser's is adopted at
 * sign-in), shared page copies are kept per choice, and the export lists it.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, postForm, uniqueEmail } from '../../support/http';
import { htmlErrors } from '../../support/html-validator';
import { ENGINES } from '../../support/postgres';
import { startServer, type RunningServer } from '../../support/server';

const KEY_META = '<meta name="impulsa:posthog-key" content="phc_consent">';
const BANNER = 'aria-label="Tu privacidad"';
const CHOOSE = '/privacidad/preferencias?_action=privacy.setAnalytics';

let fake: http.Server;
const forwarded: string[] = [];
const apps: { kind: string; app: RunningServer; drop: () => Promise<void> }[] = [];

beforeAll(async () => {
  fake = http.createServer((req, res) => {
    forwarded.push(req.url!);
    req.resume();
    req.on('end', () => res.writeHead(200, { 'Content-Type': 'application/json' }).end('{}'));
  });
  await new Promise<void>((r) => fake.listen(0, '127.0.0.1', r));
  const host = `http://127.0.0.1:${(fake.address() as AddressInfo).port}`;
  for (const engine of ENGINES) {
    const db = await engine.database();
    const app = await startServer({
      ...db.env,
      PUBLIC_POSTHOG_KEY: 'phc_consent',
      POSTHOG_HOST: host,
    });
    apps.push({ kind: engine.kind, app, drop: () => db.drop() });
  }
});
afterAll(async () => {
  for (const { app, drop } of apps) {
    await app.stop();
    await drop();
  }
  await new Promise<void>((r) => fake.close(() => r()));
});

const html = async (url: string, path: string, cookie?: string) =>
  (await fetch(url + path, { headers: cookie ? { Cookie: cookie } : {} })).text();

/** The consent cookie a response set, as `name=value`. */
const consentCookie = (res: Response) =>
  res.headers
    .getSetCookie()
    .find((c) => c.startsWith('impulsa_consent='))
    ?.split(';')[0];

describe.each(ENGINES.map((e) => ({ kind: e.kind })))('analytics consent on $kind', ({ kind }) => {
  const url = () => apps.find((a) => a.kind === kind)!.app.url;

  it('a visitor sees the banner and no analytics key until choosing, and the proxy forwards nothing', async () => {
    const page = await html(url(), '/landing');
    expect(page).toContain(BANNER);
    expect(page).not.toContain('impulsa:posthog-key');
    expect(page).not.toContain('posthog');
    expect(await htmlErrors({ 'landing-con-aviso': page })).toEqual([]);
    const before = forwarded.length;
    const refused = await fetch(`${url()}/ingest/ph/e/`, { method: 'POST', body: '{}' });
    expect(refused.status).toBe(403);
    expect((await refused.json()).message).toBe('Sin tu permiso no medimos tu uso de Impulsa.');
    expect(forwarded.length).toBe(before);
  });

  it('accepting without JavaScript keeps the choice in a cookie; the page then loads analytics', async () => {
    const res = await postForm(url(), CHOOSE, { analitica: 'si', volver: '/landing' });
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/landing');
    const cookie = consentCookie(res)!;
    expect(cookie).toBe('impulsa_consent=si');
    expect(res.headers.getSetCookie().find((c) => c.startsWith('impulsa_consent='))).toMatch(
      /Max-Age=31536000.*HttpOnly/i,
    );
    // The shared copy without a choice and the one with a yes are kept apart.
    for (let i = 0; i < 2; i++) {
      const accepted = await html(url(), '/landing', cookie);
      expect(accepted).toContain(KEY_META);
      expect(accepted).not.toContain(BANNER);
      expect(await html(url(), '/landing')).toContain(BANNER);
    }
    const proxied = await fetch(`${url()}/ingest/ph/e/`, {
      method: 'POST',
      headers: { Cookie: cookie },
      body: '{}',
    });
    expect(proxied.status).toBe(200);
    expect(forwarded.at(-1)).toBe('/e/');
  });

  it('declining is one click: no banner, no key, nothing forwarded', async () => {
    const res = await postForm(url(), CHOOSE, { analitica: 'no', volver: '/terminos' });
    expect(res.headers.get('location')).toBe('/terminos');
    const cookie = consentCookie(res)!;
    expect(cookie).toBe('impulsa_consent=no');
    const page = await html(url(), '/terminos', cookie);
    expect(page).not.toContain(BANNER);
    expect(page).not.toContain('impulsa:posthog-key');
    const proxied = await fetch(`${url()}/ingest/ph/flags/?v=2`, { headers: { Cookie: cookie } });
    expect(proxied.status).toBe(403);
  });

  it('never sends a person to another site, and says what is missing', async () => {
    const away = await postForm(url(), CHOOSE, { analitica: 'si', volver: '//malo.example/x' });
    expect(away.status).toBe(303);
    expect(away.headers.get('location')).toBe('/privacidad/preferencias');
    const none = await postForm(url(), CHOOSE, { volver: '/landing' });
    expect(none.status).toBe(400);
    expect(await none.text()).toContain('Elige si aceptas o rechazas la analítica.');
  });

  it('signed in, the account keeps the choice: the dashboard changes with it and the export lists it', async () => {
    const api = new ApiClient(url());
    const { token } = await api.register();
    const session = `impulsa_session=${token}`;
    expect(await html(url(), '/dashboard', session)).toContain(BANNER);
    const declined = await postForm(
      url(),
      CHOOSE,
      { analitica: 'no', volver: '/dashboard' },
      session,
    );
    expect(declined.headers.get('location')).toBe('/dashboard');
    // The account's choice holds without the browser's cookie (another device).
    for (let i = 0; i < 2; i++) {
      const page = await html(url(), '/dashboard', session);
      expect(page).not.toContain(BANNER);
      expect(page).not.toContain('impulsa:posthog-key');
    }
    await postForm(url(), CHOOSE, { analitica: 'si', volver: '/perfil' }, session);
    expect(await html(url(), '/dashboard', session)).toContain(KEY_META);
    expect(await html(url(), '/perfil', session)).toContain('Aceptaste la analítica');
    const exported = await api.get('/api/users/me/export/', { token, useCookies: false });
    expect(exported.body.consents).toContainEqual({
      what: 'analytics',
      granted: true,
      at: expect.any(String),
    });
    expect(exported.body.profile.analyticsConsent).toBe(true);
  });

  it('an account never asked takes the choice the browser made before signing in', async () => {
    const api = new ApiClient(url());
    const { email, password } = { email: uniqueEmail('adopta'), password: 'una-clave-segura' };
    await api.register({ email, password });
    const signIn = await fetch(`${url()}/api/users/login/`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: 'impulsa_consent=no' },
      body: JSON.stringify({ email, password }),
    });
    expect(signIn.status).toBe(200);
    const { token } = await signIn.json();
    const exported = await api.get('/api/users/me/export/', { token, useCookies: false });
    expect(exported.body.profile.analyticsConsent).toBe(false);
    expect(await html(url(), '/dashboard', `impulsa_session=${token}`)).not.toContain(BANNER);
  });
});
