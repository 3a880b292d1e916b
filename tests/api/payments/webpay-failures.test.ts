/**
 * Webpay failing at checkout (issue 45): down, or no longer knowing the shop's key. The buyer is
 * back on the checkout with everything typed and the shop's other ways to pay, no mail about an
 * order they never left; the seller's /cobros says what Webpay last answered, and checkout offers
 * Webpay only for an account Webpay accepted. Each engine with its own app and Webpay servers.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost, postFormWithHost, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import { startServer, tempDir } from '../../support/server';
import { openShop } from '../../support/shop';
import { startWebpay, WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';

describe.concurrent('Webpay failing at checkout', () => {
  it.each(ENGINES)(
    '$kind: down or refusing the key: back to the form with everything typed; only a verified account is offered',
    async ({ database }) => {
      let webpay = await startWebpay();
      const db = await database();
      const server = await startServer({
        ...db.env,
        DATA_DIR: tempDir(),
        WEBPAY_API_URL: webpay.url,
        SECRETS_KEY: 'a'.repeat(64),
      });
      try {
        const { url } = server;
        const host = new URL(url).host;
        const api = new ApiClient(url);
        const seller = await api.register();
        const as = { token: seller.token };
        const { product } = await openShop(api, seller.token);
        const { version } = (await api.get('/api/store/webpay/', as)).body;

        // A key Webpay does not know: saved, shown as rejected, not offered.
        const wrong = await api.put(
          '/api/store/webpay/',
          {
            commerce_code: WEBPAY_COMMERCE_CODE,
            api_key: 'X'.repeat(64),
            environment: 'integration',
            version,
          },
          as,
        );
        expect(wrong.status).toBe(200);
        expect(wrong.body).toMatchObject({ configured: true, check: 'rejected' });
        const cobros = await getWithHost(url, host, '/cobros', {
          Cookie: `impulsa_session=${seller.token}`,
        });
        expect(cobros.body).toContain('Webpay la rechazó');
        expect(cobros.body).not.toContain('Verificada');
        const shopPay = () =>
          getWithHost(url, host, `/pay?tienda=${seller.user.id}`, { Cookie: cookie });

        // The buyer's cart.
        const added = await postFormWithHost(url, host, '/pay?_action=cart.add', {
          intent: 'add',
          product: String(product.id),
          quantity: '1',
        });
        const cookie = String(added.headers['set-cookie']).split(';')[0]!;
        expect((await shopPay()).body).not.toContain('value="webpay"');

        // The right key: verified at once, and offered.
        const right = await api.put(
          '/api/store/webpay/',
          {
            commerce_code: WEBPAY_COMMERCE_CODE,
            api_key: WEBPAY_API_KEY,
            environment: 'integration',
            version: wrong.body.version,
          },
          as,
        );
        expect(right.body).toMatchObject({ check: 'ok' });
        expect((await shopPay()).body).toContain('value="webpay"');

        // Webpay goes down: the buyer is back on the form, everything typed kept.
        await webpay.close();
        const email = uniqueEmail('tarjeta');
        const form = {
          intent: 'checkout',
          'buyer.name': 'Camila Soto',
          'buyer.email': email,
          'buyer.phone': '+56 9 8765 4321',
          'delivery.method': 'retiro',
          notes: 'Sin azúcar, por favor',
          payment_method: 'webpay',
          terms_accepted: 'si',
        };
        const down = await postFormWithHost(
          url,
          host,
          `/pay?tienda=${seller.user.id}&_action=cart.checkout`,
          form,
          {
            Cookie: cookie,
          },
        );
        expect(down.status).toBe(409);
        expect(down.body).toContain('No pudimos conectar con Webpay y no se hizo ningún cargo.');
        expect(down.body).toContain(`value="${email}"`);
        expect(down.body).toContain('Sin azúcar, por favor');
        expect(down.body).toContain('value="transferencia"');
        // The API says it too, in Spanish, as a 502.
        const viaApi = await new ApiClient(url).post('/api/orders/', {
          items: [{ product: product.id, quantity: 1 }],
          buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
          delivery: { method: 'retiro' },
          payment_method: 'webpay',
        });
        expect(viaApi.status).toBe(502);
        expect(viaApi.body.message).toMatch(/No pudimos conectar con Webpay/);

        // Webpay is back but no longer knows the key: the form says so, and Webpay is withdrawn.
        webpay = await startWebpay({ port: webpay.port, accounts: {} });
        const refused = await postFormWithHost(
          url,
          host,
          `/pay?tienda=${seller.user.id}&_action=cart.checkout`,
          form,
          {
            Cookie: cookie,
          },
        );
        expect(refused.status).toBe(409);
        expect(refused.body).toContain(
          'Esta tienda no puede recibir pagos con Webpay en este momento.',
        );
        expect(refused.body).not.toContain('value="webpay"');
        expect((await api.get('/api/store/webpay/', as)).body.check).toBe('rejected');

        // The buyer picks transfer and the order goes through with what they typed.
        const placed = await postFormWithHost(
          url,
          host,
          `/pay?tienda=${seller.user.id}&_action=cart.checkout`,
          { ...form, payment_method: 'transferencia' },
          { Cookie: cookie },
        );
        expect(placed.status).toBe(303);
        expect(String(placed.headers.location)).toMatch(/^\/pay\/orden\//);
        // The two orders Webpay never started are rejected, and nobody was mailed about them.
        const orders = (await api.get('/api/orders/', as)).body.results as { status: string }[];
        expect(orders.map((o) => o.status).sort()).toEqual([
          'pendiente_pago',
          'rechazado',
          'rechazado',
          'rechazado',
        ]);
        await new Promise((r) => setTimeout(r, 1500)); // the queue's mails of the transfer order
        const outbox = path.join(server.dataDir, 'outbox');
        const mails = fs
          .readdirSync(outbox)
          .map((f) => fs.readFileSync(path.join(outbox, f), 'utf8'));
        expect(mails.some((m) => m.includes('Nuevo pedido'))).toBe(true);
        expect(mails.filter((m) => /El pago no se complet/.test(m))).toEqual([]);
      } finally {
        await server.stop();
        await webpay.close();
        await db.drop();
      }
    },
    90_000,
  );
});
