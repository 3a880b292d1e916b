/**
 * Unpaid checkouts recovered (issue 51), each engine with its own app (holds of 3 s, a sweep every
 * second), mail server and DNS: an order placed on a shop's custom domain that lapses unpaid
 * brings its buyer one mail «¿Quieres terminar tu compra?» whose link, on that custom domain, puts
 * the same products back in the cart (twice followed, never doubled); a buyer who paid another
 * order since gets none; an unknown link is a 404.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { startDns, setTxt } from '../../support/dns';
import { until } from '../../support/until';
import { ApiClient, getWithHost, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import { withOwnApp } from '../../support/own-app';
import { tempDir } from '../../support/server';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';

/** The `impulsa_carro…` cookies a response sets, as a Cookie header. */
const cartCookies = (headers: Record<string, string | string[] | undefined>) =>
  ([] as string[])
    .concat(headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.startsWith('impulsa_carro'))
    .join('; ');

describe.concurrent('unpaid checkouts recovered', () => {
  it.each(ENGINES)(
    '$kind: one mail, its link restores the cart on the custom domain; none after a payment',
    async (engine) => {
      const zone = tempDir('recover-dns-');
      const dns = await startDns(zone);
      const env = { DNS_SERVERS: dns.server, ORDER_HOLD_HOURS: String(3 / 3600) };
      await withOwnApp(engine, env, async ({ url, mailDir }) => {
        const api = new ApiClient(url);
        const { token, user } = await api.register();
        const as = { token };
        const { product, subdomain } = await openShop(api, token, { site: true });
        const site = (await api.get('/api/sites/', as)).body.results[0];
        const domain = `www.${subdomain}.cl`;
        const set = await api.put(`/api/sites/${site.id}/domain/`, { domain }, as);
        setTxt(zone, `_impulsa.${domain}`, [[set.body.txt.value]]);
        await api.post(`/api/sites/${site.id}/domain/verify/`, undefined, as);
        const place = (email: string, quantity = 2) =>
          new ApiClient(url).post('/api/orders/', {
            site: site.id,
            items: [{ product: product.id, quantity }],
            buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
            delivery: { method: 'retiro' },
            payment_method: 'transferencia',
          });
        const order = async (id: number) => (await api.get(`/api/orders/${id}/`, as)).body;

        // Camila leaves her order unpaid; Pedro pays another one before his first lapses.
        const camila = uniqueEmail('camila');
        const left = (await place(camila)).body;
        const pedro = uniqueEmail('pedro');
        const first = (await place(pedro, 1)).body;
        const second = (await place(pedro, 1)).body;
        await api.patch(`/api/orders/${second.id}/`, { status: 'pagado' }, as);
        for (const id of [left.id, first.id])
          expect(
            await until(
              () => order(id),
              (o) => o.status !== 'pendiente_pago',
              20_000,
            ),
          ).toMatchObject({ status: 'cancelado' });

        const mail = await waitForMailWith(
          mailDir,
          camila,
          '¿Quieres terminar tu compra?',
          decodedMail,
          15_000,
        );
        expect(mail).toContain(left.number);
        const link = new URL(/https?:\/\/\S+\/pay\/recuperar\/[A-Za-z0-9_-]+/.exec(mail)![0]);
        expect(link.host).toBe(domain);

        // The link, on the custom domain: the cart holds the two cups, and again after a second click.
        const restored = await getWithHost(url, domain, link.pathname);
        expect(restored.status).toBe(303);
        expect(restored.headers.location).toBe('/pay');
        expect(restored.headers['cache-control']).toBe('no-store');
        const jar = cartCookies(restored.headers);
        expect(jar).toContain(`impulsa_carro_n=${user.id}-2`);
        const again = await getWithHost(url, domain, link.pathname, { Cookie: jar });
        expect(cartCookies(again.headers)).toContain(`impulsa_carro_n=${user.id}-2`);

        // Nothing more for Camila's order, and nothing at all for Pedro's first one.
        await new Promise((r) => setTimeout(r, 2_000));
        const mailsTo = (email: string) =>
          fs
            .readdirSync(mailDir)
            .filter((f) => f.endsWith(`-${email}.eml`))
            .map((f) => decodedMail(fs.readFileSync(path.join(mailDir, f), 'utf8')));
        expect(mailsTo(camila).filter((m) => m.includes('terminar tu compra'))).toHaveLength(1);
        const aboutLapse = (m: string) => /terminar tu compra|fue cancelado/.test(m);
        expect(mailsTo(pedro).filter((m) => m.includes(first.number) && aboutLapse(m))).toEqual([]);

        // «Pedidos sin pagar»: Camila's lapsed order with its message; not Pedro, who paid since.
        const unpaid = await getWithHost(url, new URL(url).host, '/ordenes/sin-pagar', {
          Cookie: `impulsa_session=${token}`,
        });
        expect(unpaid.status).toBe(200);
        expect(unpaid.body).toContain(left.number);
        expect(unpaid.body).toContain('Venció sin pagar');
        const wa = /href="(https:\/\/wa\.me\/56987654321\?text=[^"]+)"/.exec(unpaid.body)![1]!;
        expect(decodeURIComponent(wa.replaceAll('&amp;', '&'))).toContain(link.href);
        expect(unpaid.body).not.toContain(first.number);
        expect(unpaid.body).not.toContain(second.number);

        // Another shop's host, or a made-up token: the 404 page.
        expect((await getWithHost(url, new URL(url).host, '/pay/recuperar/x')).status).toBe(404);
        const other = await openShop(new ApiClient(url), (await api.register()).token, {
          site: true,
        });
        expect((await getWithHost(url, `${other.subdomain}.localhost`, link.pathname)).status).toBe(
          404,
        );
      }).finally(() => dns.close());
    },
    90_000,
  );
});
