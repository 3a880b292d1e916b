/**
 * The dashboard is kept as rendered and answered again while the user's dashboard version does
 * not move (src/lib/server/private-answers). Every kind of write that changes what it
 * shows moves that version through a database trigger, whoever makes it: the seller's own
 * edits, a buyer's order, a lesson watched. After each, the dashboard agrees with
 * /api/users/me/progress/ at once; between them, it comes from memory.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });

/** A write's answer, which must have succeeded for the check after it to mean anything. */
function ok<T extends { status: number; body: any }>(reply: T): T['body'] {
  expect(reply.status, JSON.stringify(reply.body)).toBeLessThan(300);
  return reply.body;
}

/**
 * The dashboard as the user's browser gets it, with whether it was rendered or kept, and whether
 * a kept one was sent from memory alone (`private-hit`, before Astro) or after Astro checked it
 * against the database (`private-checked`).
 */
async function dashboard(url: string, token: string, path = '/dashboard') {
  const res = await fetch(url + path, {
    headers: { Cookie: `impulsa_session=${token}` },
    redirect: 'manual',
  });
  const cache = res.headers.get('x-render-cache');
  return {
    status: res.status,
    kept: cache?.startsWith('private-') ?? false,
    fromMemory: cache === 'private-hit',
    html: await res.text(),
    headers: res.headers,
  };
}

/** What the progress API says the dashboard must show, as the page writes it. */
async function expected(api: ApiClient, token: string): Promise<string[]> {
  const { modules, completed, total } = (await api.get('/api/users/me/progress/', { token })).body
    .data;
  const escape = (s: string) =>
    s.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('"', '&quot;');
  return [
    `${completed} de ${total} módulos`,
    ...Object.values(modules as Record<string, { detail?: string }>).flatMap((m) =>
      m.detail ? [escape(m.detail)] : [],
    ),
  ];
}

describe.each(servers)('the kept dashboard on $kind', ({ url, kind }) => {
  it('is rendered again after every kind of write, and only then', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register({ full_name: 'Rosa Pérez' });
    /**
     * The dashboard after a write is rendered anew and shows it, then is kept. A write by someone
     * else (a buyer) reaches a PostgreSQL instance's memory through NOTIFY, which may take a
     * moment: there, such a write is given a second.
     */
    const check = async (what: string, { someoneElse = false } = {}) => {
      let fresh = await dashboard(url, token);
      for (
        const until = Date.now() + 1000;
        someoneElse && kind === 'postgres' && fresh.kept && Date.now() < until;
      ) {
        await new Promise((r) => setTimeout(r, 20));
        fresh = await dashboard(url, token);
      }
      expect(fresh.status, what).toBe(200);
      expect(fresh.kept, `${what}: rendered anew`).toBe(false);
      for (const text of await expected(api, token)) expect(fresh.html, what).toContain(text);
      let again = await dashboard(url, token);
      expect(again.kept, `${what}: then kept`).toBe(true);
      // On PostgreSQL serve.mjs answers from memory only while the database answered within the
      // last second (an outage is a 503 there too): a request that falls just past that is
      // checked by Astro, which asks the database, and the next one is then sent from memory.
      if (kind === 'postgres' && !again.fromMemory) again = await dashboard(url, token);
      expect(again.fromMemory, `${what}: and sent from memory`).toBe(true);
      expect(again.html, what).toBe(fresh.html);
      expect(again.headers.get('content-security-policy')).toBe(
        fresh.headers.get('content-security-policy'),
      );
      return fresh.html;
    };

    expect(await check('a new account')).toContain('Hola, Rosa');

    const canvas = ok(await api.post('/api/canvases/', { title: 'Pastelería' }, { token }));
    await check('a canvas');
    ok(
      await api.request('PUT', `/api/canvases/${canvas.id}/sections/canales/`, {
        token,
        body: {
          notes: [{ id: 'note-aaaaaa', text: 'Instagram', color: 'amarillo', segmentIds: [] }],
          version: 0,
        },
      }),
    );
    await check('a canvas block');

    ok(
      await api.request('PUT', '/api/companies/drafts/spa/', {
        token,
        body: {
          data: { companyName: 'Dulces Rosa SpA' },
          version: null,
          edited_at: new Date().toISOString(),
        },
      }),
    );
    await check('a formation draft');

    ok(
      await api.patch(
        '/api/store/',
        {
          ...SELLER_IDENTITY,
          name: 'Dulces Rosa',
          transfer_details: 'Banco Estado, cuenta RUT 12.345.678-5',
          version: 0,
        },
        { token },
      ),
    );
    const torta = ok(
      await api.post(
        '/api/products/',
        { name: 'Torta de mil hojas', price: 18990, published: true },
        { token },
      ),
    );
    await check('a published product');

    const site = ok(
      await api.post(
        '/api/sites/',
        { name: 'Dulces Rosa', subdomain: `rosa${Date.now() % 1e8}`, template: 'tienda' },
        { token },
      ),
    );
    ok(await api.post(`/api/sites/${site.id}/publish/`, undefined, { token }));
    await check('a published site');

    // A buyer's order, then the seller's move to paid: the first sale.
    const buyer = { name: 'Camila Soto', email: uniqueEmail('camila'), phone: '9 8765 4321' };
    const placed = ok(
      await new ApiClient(url).post('/api/orders/', {
        items: [{ product: torta.id, quantity: 1 }],
        buyer,
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      }),
    );
    await check("a buyer's order", { someoneElse: true });
    ok(await api.patch(`/api/orders/${placed.id}/`, { status: 'pagado' }, { token }));
    expect(await check('the order paid')).toContain('¡Primera venta!');

    const lesson = (await api.get('/api/lessons/')).body.results[0];
    ok(
      await api.request('PUT', `/api/users/me/progress/lessons/${lesson.id}/`, {
        token,
        body: { position_seconds: 5, completed: true },
      }),
    );
    await check('a lesson watched');

    ok(await api.patch('/api/users/me/', { full_name: 'Rocío Pérez' }, { token }));
    expect(await check('a new name')).toContain('Hola, Rocío');
  });

  it('keeps each page of each user apart, and never a page for a request that brings a toast', async () => {
    const [a, b] = [new ApiClient(url), new ApiClient(url)];
    const [ana, bea] = [
      await a.register({ full_name: 'Ana Uno' }),
      await b.register({ full_name: 'Bea Dos' }),
    ];
    await dashboard(url, ana.token);
    const theirs = await dashboard(url, bea.token);
    expect(theirs.kept).toBe(false);
    expect(theirs.html).toContain('Hola, Bea');
    expect((await dashboard(url, ana.token, '/dashboard?page=2')).kept).toBe(false);
    const flash = await fetch(`${url}/dashboard`, {
      headers: { Cookie: `impulsa_session=${ana.token}; impulsa_flash=x` },
    });
    expect(flash.headers.get('x-render-cache')).toBeNull();
    expect((await dashboard(url, ana.token)).kept).toBe(true);
  });
});

describe.each(servers)('GET /api/users/me/ on $kind', ({ url }) => {
  it('is answered from memory until the user changes or signs out', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register({ full_name: 'Tomás Díaz' });
    const me = async () => {
      const res = await fetch(`${url}/api/users/me/`, {
        headers: { Authorization: `Token ${token}` },
      });
      return {
        status: res.status,
        cache: res.headers.get('x-render-cache'),
        body: await res.json(),
        type: res.headers.get('content-type'),
      };
    };
    const first = await me();
    expect(first.status).toBe(200);
    expect(first.body.full_name).toBe('Tomás Díaz');
    // From memory, once the database answered within the last second (`answeredLately`): a
    // loaded machine may need a read through Astro first, which asks it again.
    const fromMemory = async () => {
      for (let i = 0; i < 5; i++) {
        const read = await me();
        if (read.cache === 'private-hit') return read;
        expect(read.cache).toBe('private-checked');
      }
      return me();
    };
    const second = await fromMemory();
    expect(second).toEqual({ ...first, cache: 'private-hit' });
    // The session cookie is another credential: its answer is kept apart.
    const byCookie = await fetch(`${url}/api/users/me/`, {
      headers: { Cookie: `impulsa_session=${token}` },
    });
    expect(byCookie.headers.get('x-render-cache')).toBeNull();
    expect((await byCookie.json()).full_name).toBe('Tomás Díaz');

    ok(await api.patch('/api/users/me/', { full_name: 'Tomás Díaz Rojas' }, { token }));
    const renamed = await me();
    expect(renamed.cache).toBeNull();
    expect(renamed.body.full_name).toBe('Tomás Díaz Rojas');
    expect((await fromMemory()).cache).toBe('private-hit');

    ok(await api.post('/api/users/logout/', undefined, { token }));
    expect((await me()).status).toBe(401);
  });
});
