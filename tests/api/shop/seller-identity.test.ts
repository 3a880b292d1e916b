/**
 * Who sells (issue 48, Ley 19.496), on PGlite and PostgreSQL: until the shop says it (name, RUT,
 * address) it can be built but takes no orders, and the dashboard says why; once said, every shop
 * page (product, legal page, site, checkout) shows it.
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, getWithHost } from '../../support/http';
import { SELLER_IDENTITY } from '../../support/shop';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('who sells on $kind', ({ url }) => {
  it('takes no orders until the shop says who sells, then shows it on every shop page', async () => {
    const api = new ApiClient(url);
    const { token, user } = await api.register();
    const as = { token };
    await api.patch(
      '/api/store/',
      { name: 'Greda del Sur', transfer_details: 'Banco 1', version: 0 },
      as,
    );
    const product = (
      await api.post('/api/products/', { name: 'Taza', price: 9990, published: true }, as)
    ).body;
    const subdomain = `quien-${Date.now().toString(36)}`;
    const site = (
      await api.post('/api/sites/', { name: 'Greda', subdomain, template: 'tienda' }, as)
    ).body;
    await api.post(`/api/sites/${site.id}/publish/`, undefined, as);
    const order = {
      items: [{ product: product.id, quantity: 1 }],
      buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '9 8765 4321' },
      delivery: { method: 'retiro' },
      payment_method: 'transferencia',
    };

    const refused = await new ApiClient(url).post('/api/orders/', order);
    expect(refused.status).toBe(409);
    expect(refused.body.message).toBe(
      'Esta tienda todavía no recibe pedidos: falta indicar quién vende (nombre, RUT y domicilio).',
    );
    const page = await (await fetch(`${url}/shop/${product.id}`)).text();
    expect(page).not.toContain('Comprar ahora');
    // Not a green «Disponible» with no buttons and no reason (issue 63, item 11).
    expect(page).toContain('Esta tienda todavía no recibe pedidos en línea.');
    const dashboard = await (
      await fetch(`${url}/dashboard`, { headers: { Cookie: `impulsa_session=${token}` } })
    ).text();
    expect(dashboard).toContain('Tu tienda todavía no recibe pedidos');
    const badRut = await api.patch('/api/store/', { legal_rut: '12.345.678-9', version: 1 }, as);
    expect(badRut.status).toBe(400);
    expect(badRut.body.errors.legal_rut).toEqual([
      'Ese RUT no es válido: revisa el dígito verificador.',
    ]);

    const said = await api.patch('/api/store/', { ...SELLER_IDENTITY, version: 1 }, as);
    expect(said.status).toBe(200);
    const line = 'Vende Rosa Muñoz Pérez, RUT 12.345.678-5.';
    const address = 'Domicilio: Av. Italia 1234, Ñuñoa, Región Metropolitana de Santiago.';
    for (const html of [
      await (await fetch(`${url}/shop/${product.id}`)).text(),
      await (await fetch(`${url}/tienda/${user.id}/devoluciones`)).text(),
      (await getWithHost(url, `${subdomain}.localhost`, '/')).body,
      (await getWithHost(url, `${subdomain}.localhost`, '/shop')).body,
      await (await fetch(`${url}/pay?tienda=${user.id}`)).text(),
    ]) {
      expect(html).toContain(line);
      expect(html).toContain(address);
      // Her sign-in address is not the shop's contact until she types one (issue 63, item 11).
      expect(html).not.toContain(user.email);
    }
    const contact = await api.patch(
      '/api/store/',
      { contact_email: 'ventas@dulcesrosa.cl', version: said.body.version },
      as,
    );
    expect(contact.status).toBe(200);
    for (const html of [
      await (await fetch(`${url}/shop/${product.id}`)).text(),
      await (await fetch(`${url}/pay?tienda=${user.id}`)).text(),
    ])
      expect(html).toContain('Contacto: ventas@dulcesrosa.cl');
    expect(await (await fetch(`${url}/tienda/${user.id}/devoluciones`)).text()).toContain(
      'Escríbenos a ventas@dulcesrosa.cl, con tu número de pedido',
    );
    expect(
      (await fetch(`${url}/shop/${product.id}`).then((r) => r.text())).includes('Comprar ahora'),
    ).toBe(true);
    expect((await new ApiClient(url).post('/api/orders/', order)).status).toBe(201);
    const after = await (
      await fetch(`${url}/dashboard`, { headers: { Cookie: `impulsa_session=${token}` } })
    ).text();
    expect(after).not.toContain('Tu tienda todavía no recibe pedidos');
  });
});
