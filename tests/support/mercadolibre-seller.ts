/**
 * A Mercado Libre seller of a test's own (`/__debug/test-user` of the local Mercado Libre), and her
 * connection from Impulsa — in a browser, or by the API — signing in at Mercado Libre's page with
 * that account (`as`), so tests running at once never share one Mercado Libre account.
 */
import type { Page } from 'playwright-core';
import type { ApiClient } from './http';

export interface MlTestUser {
  id: number;
  nickname: string;
  /** Her copies of the sample listings: the plain one, the one with sizes, the closed one. */
  items: string[];
}

export async function mlTestUser(ml: string): Promise<MlTestUser> {
  return (await fetch(`${ml}/__debug/test-user`, { method: 'POST' })).json() as Promise<MlTestUser>;
}

/** Mercado Libre's page, as the connect link's first hop (read with the session) names it, for `user`. */
function signInAs(location: string, user: MlTestUser): string {
  const authorize = new URL(location);
  authorize.searchParams.set('as', String(user.id));
  return authorize.href;
}

/** Connects in `page` (JavaScript off is fine) and waits for the toast. */
export async function connectInBrowser(page: Page, base: string, user: MlTestUser): Promise<void> {
  await page.goto(`${base}/canales`);
  const href = await page
    .getByRole('region', { name: 'Mercado Libre' })
    .getByRole('link', { name: 'Conectar Mercado Libre' })
    .getAttribute('href');
  const first = await page.context().request.get(`${base}${href}`, { maxRedirects: 0 });
  await page.goto(signInAs(first.headers().location!, user));
  await page.getByRole('status').getByText(`Mercado Libre conectado: ${user.nickname}`).waitFor();
}

/** Connects the account `api` is signed in as; the answer of the way back. */
export async function connectByApi(api: ApiClient, user: MlTestUser) {
  const start = await api.get('/canales/mercadolibre/conectar');
  const consent = await fetch(signInAs(start.headers.get('location')!, user), {
    redirect: 'manual',
  });
  const back = new URL(consent.headers.get('location')!);
  return api.get(back.pathname + back.search);
}
