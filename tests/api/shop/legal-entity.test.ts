/**
 * After constitution, a shop sells as the company: its legal name and RUT reach the product
 * page's JSON-LD (through the page cache), the receipt and the buyer's mail, and its file fills
 * the address and the legal representative. Only the owner's own constituted company can be
 * named; on PGlite and PostgreSQL.
 */
import { describe, expect, inject, it } from 'vitest';
import { chileDay } from '@/lib/dates';
import { PAYLOADS } from '../../fixtures/companies';
import { ApiClient, uniqueEmail } from '../../support/http';
import { constitute } from '../../support/formation';
import { openShop } from '../../support/shop';
import { decodedMail, waitForMail } from '../../support/smtp';
import { claimServers } from '../../support/claims';

/** The company is constituted the day it is sent: never before (the back office refuses that). */
const today = chileDay();

const servers = claimServers();
const mailDir = inject('mailDir');
const staff = inject('staff');

describe.each(servers)('a shop selling as its company on $kind', ({ url }) => {
  it('names the legal entity on the product page, the receipt and the mail', async () => {
    const seller = new ApiClient(url);
    const { token } = await seller.register();
    const as = { token };
    const { product } = await openShop(seller, token, { name: 'Las Rosas' });
    const company = (await seller.post('/api/companies/', PAYLOADS.spa, as)).body;

    const early = await seller.put('/api/store/company/', { company_id: company.id }, as);
    expect(early.status).toBe(409);
    expect(early.body.message).toMatch(/aún no está constituida/);
    const other = new ApiClient(url);
    const { token: otherToken } = await other.register();
    expect(
      (await other.put('/api/store/company/', { company_id: company.id }, { token: otherToken }))
        .status,
    ).toBe(404);

    // The product page is cached before: naming the company must reach it.
    // Until then the shop sells as its seller, a person (`openShop` says who sells).
    const before = await fetch(`${url}/shop/${product.id}`).then((r) => r.text());
    expect(before).toContain('"taxID":"12.345.678-5"');
    expect(before).not.toContain('Panadería Las Rosas SpA');
    await constitute(url, staff, company.id, today);
    const named = await seller.put('/api/store/company/', { company_id: company.id }, as);
    expect(named.status).toBe(200);
    expect(named.body.legal).toEqual({ name: 'Panadería Las Rosas SpA', rut: '76.123.456-0' });
    expect((await seller.get('/api/store/company/', as)).body.legal).toEqual(named.body.legal);
    const store = (await seller.get('/api/store/', as)).body;
    expect(store).toMatchObject({
      legal_address: 'Av. Providencia 1234, Oficina 501, Providencia, Metropolitana de Santiago',
      legal_representative: 'María José Soto Pérez',
    });
    const after = await fetch(`${url}/shop/${product.id}`).then((r) => r.text());
    expect(after).toContain('"legalName":"Panadería Las Rosas SpA","taxID":"76.123.456-0"');

    const email = uniqueEmail('comprador');
    const placed = await new ApiClient(url).post('/api/orders/', {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email, phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    });
    expect(placed.status).toBe(201);
    const mail = decodedMail(await waitForMail(mailDir, email));
    expect(mail).toContain('Vende Panadería Las Rosas SpA, RUT 76.123.456-0.');
    expect(mail).toContain('Representante legal: María José Soto Pérez.');
    const receipt = await fetch(new URL(placed.body.receipt_url, url)).then((r) => r.text());
    expect(receipt).toContain('Vende Panadería Las Rosas SpA, RUT 76.123.456-0.');

    const cleared = await seller.delete('/api/store/company/', as);
    expect(cleared.body).toEqual({ legal: null });
    // A person sells again: no representative; the shop waits for the seller's own name and RUT.
    expect((await seller.get('/api/store/', as)).body).toMatchObject({
      legal_name: null,
      legal_rut: null,
      legal_representative: null,
    });
    const again = await fetch(`${url}/shop/${product.id}`).then((r) => r.text());
    expect(again).not.toContain('taxID');
  });
});
