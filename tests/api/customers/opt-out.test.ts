/**
 * «No more publicity» (issue 63, Ley 19.496 art. 28 B) on PGlite and PostgreSQL: the seller takes
 * a customer off the list, or the buyer does from the mail's one-click link (RFC 8058) without a
 * sign-in; from then on no code goes to them, until a later order ticks the consent again. The
 * link asks on GET (mail scanners open links) and acts on POST; a forged one names nobody.
 */
import { describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const mailDir = inject('mailDir');

describe.each(servers)('marketing opt-out on $kind', ({ url }) => {
  const place = (product: number, email: string, consent: boolean) =>
    new ApiClient(url).post('/api/orders/', {
      items: [{ product, quantity: 1 }],
      buyer: { name: 'Marta Díaz', email, phone: '9 1111 2222' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
      marketing_consent: consent,
    });

  async function shopWithMarta() {
    const api = new ApiClient(url);
    const ana = await api.register();
    const as = { token: ana.token, useCookies: false };
    const { product } = await openShop(api, ana.token, { name: 'Cerámica Ana' });
    const marta = uniqueEmail('marta');
    expect((await place(product.id, marta, true)).status).toBe(201);
    const customer = async () =>
      (await api.get(`/api/store/customers/?q=${marta}`, as)).body.results[0];
    const code = (
      await api.post('/api/discounts/', { code: 'VUELVE10', kind: 'percent', value: 10 }, as)
    ).body;
    const send = async () =>
      api.post(`/api/store/customers/${(await customer()).key}/code/`, { discount: code.id }, as);
    return { api, ana, as, marta, product, customer, send };
  }

  it('the seller takes a customer off the list; no code goes; a new order with the tick opts back in', async () => {
    const { api, as, marta, product, customer, send } = await shopWithMarta();
    const { key } = await customer();
    expect((await customer()).marketing_consent).toBe(true);
    const out = await api.post(`/api/store/customers/${key}/opt-out/`, undefined, as);
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ email: marta, opted_out_at: expect.any(String) });
    expect(await customer()).toMatchObject({
      marketing_consent: false,
      opted_out_at: out.body.opted_out_at,
    });
    const refused = await send();
    expect(refused.status).toBe(409);
    expect(refused.body.message).toContain('no aceptó recibir publicidad');
    // A later order without the tick keeps her out; with it, she is back in.
    await place(product.id, marta, false);
    expect((await customer()).marketing_consent).toBe(false);
    await place(product.id, marta, true);
    expect((await customer()).marketing_consent).toBe(true);
    // Another seller, nobody signed in, a made-up key, a GET: nothing changes.
    const bea = await new ApiClient(url).register();
    const asBea = { token: bea.token, useCookies: false };
    expect((await api.post(`/api/store/customers/${key}/opt-out/`, undefined, asBea)).status).toBe(
      404,
    );
    expect(
      (await new ApiClient(url).post(`/api/store/customers/${key}/opt-out/`, undefined)).status,
    ).toBe(401);
    expect((await api.post('/api/store/customers/x/opt-out/', undefined, as)).status).toBe(404);
    expect((await api.get(`/api/store/customers/${key}/opt-out/`, as)).status).toBe(405);
    expect((await customer()).marketing_consent).toBe(true);
  });

  it('every marketing mail carries a one-click way out that needs no sign-in', async () => {
    const { marta, customer, send } = await shopWithMarta();
    expect((await send()).status).toBe(202);
    const mail = await waitForMailWith(mailDir, marta, 'VUELVE10', decodedMail);
    // Headers may be folded onto a second line (RFC 5322).
    const headers = mail.slice(0, mail.indexOf('\n\n')).replace(/\r?\n[ \t]+/g, ' ');
    const header = /^List-Unsubscribe: <(https?:\/\/[^>]+)>$/m.exec(headers);
    expect(header, 'List-Unsubscribe').not.toBeNull();
    expect(headers).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click$/m);
    const link = new URL(header![1]!);
    expect(link.pathname).toMatch(/^\/baja\/\d+\.[0-9a-f]{32}\.[\w-]{22}$/);
    expect(mail).toContain(`sal de la lista con un clic: ${link.href}`);
    const at = `${url}${link.pathname}`;

    // Opening the link (a person, or a mail scanner) only asks.
    const page = await fetch(at);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('¿Quieres dejar de recibir códigos y novedades de Cerámica Ana?');
    expect(html).toContain('<meta name="robots" content="noindex"');
    expect(html).not.toContain('<script');
    expect((await customer()).marketing_consent).toBe(true);

    // The mail app's one-click POST, from its own server: no cookie, no origin.
    const click = await fetch(at, {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(click.status).toBe(200);
    expect(await click.text()).toContain('Cerámica Ana no te enviará más códigos ni novedades');
    expect((await customer()).marketing_consent).toBe(false);
    expect((await send()).status).toBe(409);

    // A link signed for someone else, or altered, names nobody and changes nothing.
    const forged = link.pathname.replace(/.$/, (c) => (c === 'A' ? 'B' : 'A'));
    for (const path of [forged, '/baja/1.abc.def', '/baja/nada']) {
      const res = await fetch(`${url}${path}`, { method: 'POST' });
      expect(res.status, path).toBe(404);
      expect(await res.text()).toContain('Este enlace no es válido');
    }
  });
});
