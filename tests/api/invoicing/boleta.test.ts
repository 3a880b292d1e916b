/**
 * A boleta for every paid sale (issue 49): the seller connects OpenFactura (the key sealed, shown
 * by its end, checked at once); a transfer order the seller marks paid gets one boleta with the
 * order's total, on the queue; its folio is on the order and the timeline, its PDF served to the
 * seller and, by the receipt's token, to the buyer, never to another seller; cancelled after,
 * a nota de crédito takes it back. An order Webpay paid gets one too, and only one. On both
 * engines, against the local OpenFactura and the local Webpay.
 */
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openFacturaAt } from '../../support/openfactura';
import { COMPANY_IDENTITY, openShop } from '../../support/shop';
import { decodedMail, waitForMailWith } from '../../support/smtp';
import { WEBPAY_API_KEY, WEBPAY_COMMERCE_CODE } from '../../support/webpay';
import { webpayBuyer } from '../../support/webpay-buyer';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const mailDir = inject('mailDir');
const openfactura = openFacturaAt(inject('openfacturaUrl'));
const { atWebpay, backFromWebpay, webpayFormOf } = webpayBuyer(inject('webpayUrl'));

/** Polls the order until its document is emitted (the worker runs it right after the commit). */
async function documentOf(api: ApiClient, token: string, id: number) {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const order = (await api.get(`/api/orders/${id}/`, { token })).body;
    if (order.tax_document?.status === 'emitida' || Date.now() > deadline) return order;
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.each(servers)('boletas on $kind', ({ url }) => {
  describe('a transfer order marked paid, then cancelled', () => {
    const api = new ApiClient(url);
    const buyerEmail = uniqueEmail('boleta');
    let seller: Awaited<ReturnType<ApiClient['register']>>;
    let as: { token: string };
    let product: { id: number };
    let taxpayer: Awaited<ReturnType<typeof openfactura.taxpayer>>;
    let placed: { status: number; body: any };
    let order: any;

    beforeAll(async () => {
      seller = await api.register();
      as = { token: seller.token };
      ({ product } = await openShop(api, seller.token, {
        identity: COMPANY_IDENTITY,
        product: { price: 12990, stock: 9 },
      }));
      taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    });

    it('keeps a key OpenFactura refuses, shown by its end and marked rejected', async () => {
      const wrong = await api.put(
        '/api/store/invoicing/',
        { api_key: 'no-es-una-llave', environment: 'demo', version: 0 },
        as,
      );
      expect(wrong.status).toBe(200);
      expect(wrong.body).toMatchObject({
        configured: true,
        check: 'rejected',
        api_key_hint: '••••lave',
      });
    });

    it('connects the right key at once and names the issuer, never sending the key back', async () => {
      const current = (await api.get('/api/store/invoicing/', as)).body;
      const saved = await api.put(
        '/api/store/invoicing/',
        { api_key: taxpayer.apikey, environment: 'demo', version: current.version },
        as,
      );
      expect(saved.body).toMatchObject({
        check: 'ok',
        api_key_hint: `••••${taxpayer.apikey.slice(-4)}`,
        issuer: { rut: '76.123.456-0', name: 'Greda del Sur SpA', comuna: 'Ñuñoa' },
      });
      expect(JSON.stringify(saved.body)).not.toContain(taxpayer.apikey);
      const checked = await api.post('/api/store/invoicing/check/', undefined, as);
      expect(checked.body).toMatchObject({
        ok: true,
        message: 'Conectado: las boletas saldrán a nombre de Greda del Sur SpA, RUT 76.123.456-0.',
      });
    });

    it('starts no document for an order not yet paid', async () => {
      placed = await new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 2 }],
        buyer: { name: 'Camila Soto', email: buyerEmail, phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(placed.status).toBe(201);
      expect((await api.get(`/api/orders/${placed.body.id}/`, as)).body.tax_document).toBeNull();
    });

    it('issues one boleta once the seller marks it paid, on the order and its timeline', async () => {
      const paid = await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
      expect(paid.status).toBe(200);
      order = await documentOf(api, seller.token, placed.body.id);
      expect(order.tax_document).toEqual({
        type: 39,
        type_label: 'Boleta electrónica',
        folio: 1,
        status: 'emitida',
        error: null,
        pdf_url: `/api/orders/${placed.body.id}/documento/`,
        issued_at: expect.any(String),
        by_hand: false,
      });
      expect(order.timeline.map((e: { label: string }) => e.label)).toContain(
        'Boleta electrónica N° 1 emitida',
      );
    });

    it('sends OpenFactura the order’s total, issuer and lines, under a key of its own', async () => {
      const sent = await openfactura.documents(taxpayer.apikey);
      expect(sent).toHaveLength(1);
      expect(sent[0]!.key).toBe(`impulsa-${seller.user.id}-${placed.body.number}-39`);
      expect(sent[0]!.dte.Encabezado.Totales).toEqual({
        MntNeto: 21832,
        IVA: 4148,
        MntTotal: 25980,
      });
      expect(sent[0]!.dte.Encabezado.Emisor).toMatchObject({
        RUTEmisor: '76123456-0',
        RznSocEmisor: 'Greda del Sur SpA',
        CmnaOrigen: 'Ñuñoa',
      });
      expect(sent[0]!.dte.Detalle).toEqual([
        { NroLinDet: 1, NmbItem: 'Taza de greda', QtyItem: 2, PrcItem: 12990, MontoItem: 25980 },
      ]);
    });

    it('mails the buyer their copy with its PDF attached', async () => {
      const mail = await waitForMailWith(mailDir, buyerEmail, 'Tu boleta', decodedMail);
      expect(mail).toContain('Adjuntamos tu boleta electrónica N° 1 por $25.980');
      expect(mail).toMatch(/Content-Type: application\/pdf; name=boleta-1\.pdf/);
      const attached = /filename=boleta-1\.pdf\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(mail)![1]!;
      expect(Buffer.from(attached.replace(/\s/g, ''), 'base64').toString('latin1')).toContain(
        'Documento 39 folio 1',
      );
    });

    it('serves the PDF to the seller, and to the buyer by the receipt’s token', async () => {
      const pdf = await fetch(`${url}${order.tax_document.pdf_url}`, {
        headers: { Authorization: `Token ${seller.token}` },
      });
      expect(pdf.status).toBe(200);
      expect(pdf.headers.get('content-type')).toBe('application/pdf');
      expect(Buffer.from(await pdf.arrayBuffer()).toString('latin1')).toContain(
        'Documento 39 folio 1',
      );
      const receipt = new URL(placed.body.receipt_url);
      const buyerPdf = await fetch(`${url}${receipt.pathname}/documento`);
      expect(buyerPdf.status).toBe(200);
      expect(buyerPdf.headers.get('cache-control')).toContain('private');
    });

    it('is a 404 to another seller and to an unknown receipt', async () => {
      const other = await new ApiClient(url).register();
      const stranger = await fetch(`${url}${order.tax_document.pdf_url}`, {
        headers: { Authorization: `Token ${other.token}` },
      });
      expect(stranger.status).toBe(404);
      const theirs = await api.get('/api/store/invoicing/', { token: other.token });
      expect(theirs.body.configured).toBe(false);
      expect((await fetch(`${url}/pay/orden/${'x'.repeat(32)}/documento`)).status).toBe(404);
    });

    it('takes the whole boleta back with a nota de crédito when the paid order is cancelled', async () => {
      const current = (await api.get(`/api/orders/${placed.body.id}/`, as)).body;
      const cancelled = await api.patch(
        `/api/orders/${placed.body.id}/`,
        { status: 'cancelado', version: current.version },
        as,
      );
      expect(cancelled.status).toBe(200);
      const deadline = Date.now() + 15_000;
      while ((await openfactura.documents(taxpayer.apikey)).length < 2 && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 200));
      const [, note] = await openfactura.documents(taxpayer.apikey);
      expect(note!.key).toBe(`impulsa-${seller.user.id}-${placed.body.number}-61`);
      expect(note!.dte.Encabezado.Totales).toEqual({
        MntNeto: 21832,
        TasaIVA: '19',
        IVA: 4148,
        MntTotal: 25980,
      });
      expect(note!.dte.Referencia).toEqual([
        expect.objectContaining({ TpoDocRef: '39', FolioRef: '1', CodRef: '1' }),
      ]);
      // The mail names the document, and its PDF is called what it is.
      const mail = await waitForMailWith(
        mailDir,
        buyerEmail,
        'Tu nota de crédito N° 1',
        decodedMail,
      );
      expect(mail).toMatch(/filename=nota-de-credito-1\.pdf/);
    });

    it('lets the seller and the buyer download the nota de crédito, as the mail promises', async () => {
      const after = (await api.get(`/api/orders/${placed.body.id}/`, as)).body;
      expect(after.credit_note).toMatchObject({ type: 61, folio: 1, status: 'emitida' });
      const own = await fetch(new URL(after.credit_note.pdf_url, url), {
        headers: { Authorization: `Token ${seller.token}` },
      });
      expect(own.status).toBe(200);
      expect(own.headers.get('content-disposition')).toContain('nota-de-credito-1.pdf');
      const receipt = await (await fetch(placed.body.receipt_url)).text();
      expect(receipt).toContain('Nota de crédito electrónica N° 1');
      const buyer = await fetch(`${placed.body.receipt_url}/documento?documento=nota-de-credito`);
      expect(buyer.status).toBe(200);
      expect(buyer.headers.get('content-disposition')).toContain('nota-de-credito-1.pdf');
    });

    it('shows the nota in the timeline, and the order keeps its boleta as its document', async () => {
      const after = (await api.get(`/api/orders/${placed.body.id}/`, as)).body;
      expect(after.timeline.map((e: { label: string }) => e.label)).toContain(
        'Nota de crédito electrónica N° 1 emitida',
      );
      expect(after.tax_document.type).toBe(39);
    });

    it('declares the boleta in the month and takes it back with the nota', async () => {
      const month = (await api.get('/api/store/invoicing/monthly/', as)).body;
      expect(month.types.map((t: { type: number; count: number }) => [t.type, t.count])).toEqual([
        [39, 1],
        [61, 1],
      ]);
      expect(month.net).toEqual({ neto: 0, iva: 0, exento: 0, total: 0 });
    });
  });

  it('an order paid by Webpay gets one boleta; moving it on or saying «pagado» again adds none', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { price: 12990, stock: 9 },
    });
    const store = (await api.get('/api/store/', as)).body;
    const webpay = await api.put(
      '/api/store/webpay/',
      {
        commerce_code: WEBPAY_COMMERCE_CODE,
        api_key: WEBPAY_API_KEY,
        environment: 'integration',
        version: store.version,
      },
      as,
    );
    expect(webpay.body.check).toBe('ok');
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      as,
    );

    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: uniqueEmail('webpay'), phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'webpay',
    });
    expect(placed.status).toBe(201);
    const form = await webpayFormOf(placed.body.receipt_url);
    expect((await backFromWebpay(await atWebpay(form.token!, 'approve'))).status).toBe(303);

    const order = await documentOf(api, seller.token, placed.body.id);
    expect(order.status).toBe('pagado');
    expect(order.tax_document).toMatchObject({ type: 39, folio: 1, status: 'emitida' });
    const [sent] = await openfactura.documents(taxpayer.apikey);
    expect(sent!.dte.Encabezado.Totales.MntTotal).toBe(order.total);

    // Only Webpay says «pagado» for a Webpay order; moving it on emits nothing more.
    const again = await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(again.status).toBeLessThan(500);
    expect(
      (await api.patch(`/api/orders/${placed.body.id}/`, { status: 'preparando' }, as)).status,
    ).toBe(200);
    await new Promise((r) => setTimeout(r, 1_000));
    expect(await openfactura.documents(taxpayer.apikey)).toHaveLength(1);
  });

  it('a business asks for a factura: its RUT is checked, and the paid order gets a factura (33)', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { price: 12990, stock: 9 },
    });
    const taxpayer = await openfactura.taxpayer('Greda del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      as,
    );
    const order = (invoice: Record<string, string>) =>
      new ApiClient(url).post('/api/orders/', {
        items: [{ product: product.id, quantity: 1 }],
        buyer: { name: 'Camila Soto', email: uniqueEmail('factura'), phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
        invoice,
      });
    const business = {
      rut: '77.654.321-7',
      name: 'Cafetería El Andén SpA',
      giro: 'Venta de café y pasteles',
      address: 'Av. Providencia 1234',
      comuna: 'Providencia',
    };
    const wrongRut = await order({ ...business, rut: '77.654.321-0' });
    expect(wrongRut.status).toBe(400);
    expect(wrongRut.body.errors['invoice.rut']).toEqual([
      'Ese RUT no es válido: revisa el dígito verificador.',
    ]);
    const placed = await order({ ...business, rut: '776543217' });
    expect(placed.status).toBe(201);
    await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
    const paid = await documentOf(api, seller.token, placed.body.id);
    expect(paid.invoice).toEqual(business);
    expect(paid.tax_document).toMatchObject({
      type: 33,
      type_label: 'Factura electrónica',
      folio: 1,
      status: 'emitida',
    });
    const [sent] = await openfactura.documents(taxpayer.apikey);
    expect(sent!.dte.Encabezado.IdDoc).toMatchObject({ TipoDTE: 33, MntBruto: 1 });
    expect(sent!.dte.Encabezado.Receptor).toEqual({
      RUTRecep: '77654321-7',
      RznSocRecep: 'Cafetería El Andén SpA',
      GiroRecep: 'Venta de café y pasteles',
      DirRecep: 'Av. Providencia 1234',
      CmnaRecep: 'Providencia',
    });
    expect(sent!.dte.Encabezado.Totales).toEqual({
      MntNeto: 10916,
      TasaIVA: '19',
      IVA: 2074,
      MntTotal: 12990,
    });
  });

  it('a product exempt of IVA goes on a boleta exenta (41); mixed with others, on its lines', async () => {
    const api = new ApiClient(url);
    const seller = await api.register();
    const as = { token: seller.token };
    const { product: lesson } = await openShop(api, seller.token, {
      identity: COMPANY_IDENTITY,
      product: { name: 'Clase de torno', price: 20000, tax_exempt: true },
    });
    expect(lesson.tax_exempt).toBe(true);
    // Its page says so where others say «IVA incluido».
    expect(await fetch(`${url}/shop/${lesson.id}`).then((r) => r.text())).toContain(
      'Exento de IVA',
    );
    const cup = (
      await api.post('/api/products/', { name: 'Taza', price: 12990, published: true }, as)
    ).body;
    expect(cup.tax_exempt).toBe(false);
    const taxpayer = await openfactura.taxpayer('Taller del Sur SpA');
    await api.put(
      '/api/store/invoicing/',
      { api_key: taxpayer.apikey, environment: 'demo', version: 0 },
      as,
    );
    const sell = async (items: { product: number; quantity: number }[]) => {
      const placed = await new ApiClient(url).post('/api/orders/', {
        items,
        buyer: { name: 'Camila Soto', email: uniqueEmail('exenta'), phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(placed.status).toBe(201);
      await api.patch(`/api/orders/${placed.body.id}/`, { status: 'pagado' }, as);
      return (await documentOf(api, seller.token, placed.body.id)).tax_document;
    };

    expect(await sell([{ product: lesson.id, quantity: 1 }])).toMatchObject({
      type: 41,
      type_label: 'Boleta exenta electrónica',
      status: 'emitida',
    });
    expect(
      await sell([
        { product: lesson.id, quantity: 1 },
        { product: cup.id, quantity: 1 },
      ]),
    ).toMatchObject({ type: 39, status: 'emitida' });
    const [exenta, mixed] = await openfactura.documents(taxpayer.apikey);
    expect(exenta!.dte.Encabezado.Totales).toEqual({ MntExe: 20000, MntTotal: 20000 });
    expect(mixed!.dte.Encabezado.Totales).toEqual({
      MntNeto: 10916,
      MntExe: 20000,
      IVA: 2074,
      MntTotal: 32990,
    });
    expect(mixed!.dte.Detalle.map((l: { IndExe?: number }) => l.IndExe)).toEqual([1, undefined]);

    // The flag can be taken off; orders already placed keep what their lines were.
    const off = await api.patch(
      `/api/products/${lesson.id}/`,
      { tax_exempt: false, version: lesson.version },
      as,
    );
    expect(off.body.tax_exempt).toBe(false);
  });
});
