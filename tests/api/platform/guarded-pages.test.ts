/**
 * Every page route × method × who asks (signed out, a session that ended, another seller), read
 * from `src/pages` so a new page is covered the day it lands: never a 5xx. A signed-out write to a
 * guarded page (a session that expired mid-form) is a 303 to the sign-in page, never an error
 * page; another seller's things are a 404, as if they did not exist.
 */
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { isPublicRoute } from '@/lib/routing/routes';
import { ApiClient } from '../../support/http';
import { openShop } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const PAGES_DIR = path.resolve('src/pages');

/** Every page file as a path template (`/productos/[id]`), but the error pages and the site route. */
function pageTemplates(dir = PAGES_DIR, prefix = ''): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return entry.name === 'api' || entry.name.startsWith('_')
        ? []
        : pageTemplates(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (!entry.name.endsWith('.astro') || /^(404|500)\.astro$/.test(entry.name)) return [];
    const name = entry.name.replace(/\.astro$/, '');
    return [name === 'index' ? prefix || '/' : `${prefix}/${name}`];
  });
}

const TEMPLATES = pageTemplates();
const METHODS = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];

describe.each(servers)('every page on $kind', ({ url }) => {
  const owned = { product: 0, canvas: 0, order: 0, site: 0, seller: 0 };
  const who: Record<string, string | null> = { 'signed out': null, ended: '', other: '' };

  beforeAll(async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product, subdomain } = await openShop(api, seller.token, { site: true });
    owned.product = product.id;
    owned.seller = seller.user.id;
    owned.canvas = (await api.post('/api/canvases/', { title: 'Panadería' }, as)).body.id;
    owned.site = (await api.get('/api/sites/', as)).body.results.find(
      (s: { subdomain: string }) => s.subdomain === subdomain,
    ).id;
    owned.order = (
      await new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      })
    ).body.id;
    const ended = await new ApiClient(url).register();
    await new ApiClient(url).post('/api/users/logout/', undefined, { token: ended.token });
    who.ended = ended.token;
    who.other = (await new ApiClient(url).register()).token;
  }, 60_000);

  /** The template with the first seller's things in it (another seller's, to the others). */
  const fill = (template: string) =>
    template
      .replace('/canvas/[id]', `/canvas/${owned.canvas}`)
      .replace('/productos/[id]', `/productos/${owned.product}`)
      .replace('/ordenes/[id]', `/ordenes/${owned.order}`)
      .replace('/page-builder/site/[id]', `/page-builder/site/${owned.site}`)
      .replace('/page-builder/editor/[...id]', `/page-builder/editor/${owned.site}`)
      .replace('/shop/[productId]', `/shop/${owned.product}`)
      .replace('/tienda/[sellerId]/[kind]', `/tienda/${owned.seller}/terminos`)
      .replace('[type]', 'spa')
      .replace('[step]', '1')
      .replace('[section]', 'problema')
      .replace(/\[(\.\.\.)?[a-zA-Z]+\]/g, '1');

  it('never answers 5xx; a signed-out write is a 303 to sign in; another seller finds nothing', async () => {
    const failures: string[] = [];
    for (const template of TEMPLATES) {
      const pathname = fill(template);
      for (const method of METHODS)
        for (const [name, token] of Object.entries(who)) {
          const res = await fetch(url + pathname, {
            method,
            redirect: 'manual',
            headers: {
              'Content-Type': 'application/x-www-form-urlencoded',
              Origin: url,
              ...(token ? { Cookie: `impulsa_session=${token}` } : {}),
            },
            body: method === 'GET' ? undefined : 'intent=delete&name=x&version=1',
          });
          await res.arrayBuffer();
          const where = `${method} ${pathname} (${name}): ${res.status} ${res.headers.get('location') ?? ''}`;
          if (res.status >= 500) failures.push(where);
          const guarded = !isPublicRoute(pathname);
          if (name !== 'other' && guarded && method !== 'GET') {
            const to = res.headers.get('location') ?? '';
            if (res.status !== 303 || !/^\/(login|registrate)/.test(new URL(to, url).pathname))
              failures.push(`${where}: expected a 303 to sign in`);
          }
          const theirs =
            /\/(canvas|productos|ordenes|page-builder\/site|page-builder\/editor)\/\d/.test(
              pathname,
            );
          if (name === 'other' && theirs && method === 'GET' && res.status !== 404)
            failures.push(`${where}: another seller's thing should be a 404`);
          if (name === 'other' && theirs && res.status < 400)
            failures.push(`${where}: another seller changed nothing, so no success`);
        }
    }
    expect(failures).toEqual([]);
  }, 240_000);
});
