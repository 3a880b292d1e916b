/**
 * «Clientes» and the exports (issue 51) in Chromium with JavaScript off: the seller downloads the
 * order book and the catalogue, reaches the customers from the order book, finds a buyer by name
 * without accents, opens them and has a code to send by WhatsApp, and downloads the list.
 * Looked at, with axe, at 360 and 1280 px.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import {
  lookAtBothWidths,
  lookWithScript,
  MOBILE,
  newContext,
  signedInContext,
  useBrowser,
} from '../../support/browser';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';

const { url } = inject('servers')[0]!;
const mailDir = inject('mailDir');
const browserOf = useBrowser();

describe('customers', () => {
  /** A seller at 360 px with JavaScript off, and her shop «Cerámica Ana». */
  async function sellerWithShop() {
    const seller = await signedInContext(
      browserOf(),
      url,
      MOBILE,
      {},
      { javaScriptEnabled: false },
    );
    const page = await seller.context.newPage();
    page.setDefaultTimeout(10_000);
    const api = new ApiClient(url);
    const as = { token: seller.account.token };
    const { product } = await openShop(api, as.token, { name: 'Cerámica Ana' });
    return { seller, page, api, as, product };
  }

  it('lists, finds and opens a customer, with a code to send; downloads the CSVs', async () => {
    const { seller, page, api, as, product } = await sellerWithShop();
    const buyers = [
      { name: 'José Ignacio Núñez Pérez', email: uniqueEmail('jose'), phone: '9 8765 4321' },
      { name: 'Marta Díaz', email: uniqueEmail('marta'), phone: '9 1111 2222' },
    ];
    for (const [i, buyer] of buyers.entries()) {
      const placed = await api.post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer,
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
        marketing_consent: i === 0,
      });
      expect(placed.status).toBe(201);
      await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
    }
    expect(
      (await api.post('/api/discounts/', { code: 'VUELVE10', kind: 'percent', value: 10 }, as))
        .status,
    ).toBe(201);

    // The order book and the catalogue download as spreadsheets, with JavaScript off.
    for (const [at, expected] of [
      ['/ordenes', 'José Ignacio Núñez Pérez'],
      ['/productos', 'Taza de greda'],
    ] as const) {
      await page.goto(`${url}${at}`);
      const file = page.waitForEvent('download');
      await page.getByRole('link', { name: 'Descargar CSV' }).click();
      let csv = '';
      for await (const chunk of await (await file).createReadStream()) csv += String(chunk);
      expect(csv).toContain(expected);
    }

    await page.goto(`${url}/ordenes`);
    await page.getByRole('link', { name: 'Clientes' }).click();
    await page.getByRole('heading', { name: 'Clientes', level: 1 }).waitFor();
    expect(await page.getByRole('list', { name: 'Clientes' }).getByRole('listitem').count()).toBe(
      2,
    );
    await lookWithScript(browserOf(), url, seller.account, page.url(), 'clientes');

    await page.getByLabel('Buscar por nombre, correo o teléfono').fill('nunez');
    await page.getByRole('button', { name: 'Buscar' }).click();
    await page.getByText('1 persona coincide con «nunez»').waitFor();
    await lookWithScript(browserOf(), url, seller.account, page.url(), 'clientes-busqueda');

    await page.getByRole('link', { name: /José Ignacio Núñez Pérez/ }).click();
    await page.getByRole('heading', { name: 'José Ignacio Núñez Pérez', level: 1 }).waitFor();
    const send = page.getByRole('link', { name: 'Enviar por WhatsApp' });
    const href = (await send.getAttribute('href')) ?? '';
    expect(href.startsWith('https://wa.me/56987654321?text=')).toBe(true);
    expect(decodeURIComponent(href)).toContain('el código VUELVE10');
    await lookWithScript(browserOf(), url, seller.account, page.url(), 'cliente');
    // By mail, with JavaScript off: sent once, and a second press sends nothing more.
    const customerPage = page.url();
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    await page.waitForURL(customerPage);
    // Without JavaScript the toast's words show above the page.
    await page.getByRole('status').getByText('Código enviado').waitFor();
    const mail = await waitForMailWith(mailDir, buyers[0]!.email, 'VUELVE10', decodedMail);
    expect(mail).toContain('Hola, José:');
    await page.getByRole('button', { name: 'Enviar por correo' }).click();
    await page.waitForURL(customerPage);
    await new Promise((r) => setTimeout(r, 1_000));
    const codes = fs
      .readdirSync(mailDir)
      .filter((f) => f.endsWith(`-${buyers[0]!.email}.eml`))
      .filter((f) =>
        decodedMail(fs.readFileSync(path.join(mailDir, f), 'utf8')).includes('VUELVE10'),
      );
    expect(codes).toHaveLength(1);

    // Marta did not accept marketing: no code to send her.
    await page.goto(`${url}/clientes?q=marta`);
    await page.getByRole('link', { name: /Marta Díaz/ }).click();
    await page.getByText('Para enviarle un código necesitas que haya aceptado').waitFor();
    expect(await page.getByRole('link', { name: 'Enviar por WhatsApp' }).count()).toBe(0);

    await page.goto(`${url}/clientes`);
    const download = page.waitForEvent('download');
    await page.getByRole('link', { name: 'Descargar CSV' }).click();
    let text = '';
    for await (const chunk of await (await download).createReadStream()) text += String(chunk);
    expect(text).toContain('José Ignacio Núñez Pérez');
    expect(text).toContain('Marta Díaz');
    await seller.context.close();
  });

  it('takes a buyer off the list: from the mail’s link on a phone, and by the seller', async () => {
    const { seller, page, api, as, product } = await sellerWithShop();
    const [rosa, pablo] = [uniqueEmail('rosa'), uniqueEmail('pablo')];
    for (const [name, email] of [
      ['Rosa Pérez', rosa],
      ['Pablo Soto', pablo],
    ] as const)
      await api.post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name, email, phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
        marketing_consent: true,
      });
    const code = (
      await api.post('/api/discounts/', { code: 'HOLA5', kind: 'percent', value: 5 }, as)
    ).body;
    const keyOf = async (email: string) =>
      (await api.get(`/api/store/customers/?q=${email}`, as)).body.results[0].key as string;
    await api.post(`/api/store/customers/${await keyOf(rosa)}/code/`, { discount: code.id }, as);
    const mail = await waitForMailWith(mailDir, rosa, 'HOLA5', decodedMail);
    const link = /sal de la lista con un clic: (\S+)/.exec(mail)![1]!;

    // Rosa opens the link on her phone, with no session and no script: it asks, then records.
    const buyer = await newContext(browserOf(), MOBILE, { javaScriptEnabled: false });
    const her = await buyer.newPage();
    await her.goto(link);
    await her.getByText('¿Quieres dejar de recibir códigos y novedades de Cerámica Ana?').waitFor();
    await her.getByRole('button', { name: 'Sí, no quiero recibir más' }).click();
    await her.getByRole('heading', { name: 'Listo: saliste de la lista' }).waitFor();
    await buyer.close();
    const looking = await newContext(browserOf(), MOBILE);
    const look = await looking.newPage();
    await look.goto(link);
    await lookAtBothWidths(look, 'baja-publicidad');
    await looking.close();

    // The seller sees it on Rosa's page: no code to send.
    await page.goto(`${url}/clientes/${await keyOf(rosa)}`);
    await page.getByText(/^Pidió no recibir publicidad el \d/).waitFor();
    expect(await page.getByRole('button', { name: 'Enviar por correo' }).count()).toBe(0);

    // Pablo asked her by WhatsApp: she takes him off the list herself, without JavaScript.
    const his = `${url}/clientes/${await keyOf(pablo)}`;
    await page.goto(his);
    await lookWithScript(browserOf(), url, seller.account, his, 'cliente-con-publicidad');
    await page.getByRole('button', { name: 'Sacar de la lista de publicidad' }).click();
    await page.waitForURL(his);
    await page.getByRole('status').getByText('Fuera de la lista').waitFor();
    await page.getByText(/^Pidió no recibir publicidad el \d/).waitFor();
    expect(
      await page.getByRole('button', { name: 'Sacar de la lista de publicidad' }).count(),
    ).toBe(0);
    expect(
      (
        await api.post(
          `/api/store/customers/${await keyOf(pablo)}/code/`,
          { discount: code.id },
          as,
        )
      ).status,
    ).toBe(409);
    await seller.context.close();
  });
});
