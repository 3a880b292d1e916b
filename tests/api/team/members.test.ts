/**
 * A shop run by a team (issue 67), through the API: an owner invites a «Ventas y despacho» member
 * by mail; the member joins with the link and works in the owner's shop: moves an order (the
 * timeline names them) but gets 403 marking a transfer paid, cancelling, exporting, on prices and
 * on the owner's money and keys; another shop's order is a 404. A change of permissions counts
 * from the next request; a removal sends their session back to their own account at once.
 */
import { describe, expect, inject, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { ApiClient, uniqueEmail } from '../../support/http';
import { openShop } from '../../support/shop';
import { teamShop } from '../../support/team';

const servers = claimServers();
const mailDir = inject('mailDir');

const buy = (url: string, product: number) =>
  new ApiClient(url).post('/api/orders/', {
    items: [{ product, quantity: 1 }],
    buyer: { name: 'Tomás Vera', email: uniqueEmail('tomas'), phone: '9 1234 5678' },
    delivery: { method: 'retiro' },
    payment_method: 'transferencia',
  });

describe.each(servers)('shop members on $kind', ({ url }) => {
  it('a sales member works in the owner’s shop within their role, and leaves at once', async () => {
    const { api, own, as, product, member } = await teamShop(url, mailDir, 'ventas');
    const placed = await buy(url, product.id);
    const id = placed.body.id as number;

    // The owner's book, seen by the member.
    const book = await api.get('/api/orders/', as);
    expect(book.status).toBe(200);
    expect(book.body.results.map((o: { id: number }) => o.id)).toContain(id);
    const order = (await api.get(`/api/orders/${id}/`, as)).body;

    // Marking a transfer paid is money: not in the role.
    const paid = await api.patch(
      `/api/orders/${id}/`,
      { status: 'pagado', version: order.version },
      as,
    );
    expect(paid.status).toBe(403);
    expect(paid.body.message).toMatch(/Tu rol en esta tienda no permite/);
    const byOwner = await api.patch(
      `/api/orders/${id}/`,
      { status: 'pagado', version: order.version },
      own,
    );
    expect(byOwner.status).toBe(200);
    const moved = await api.patch(
      `/api/orders/${id}/`,
      { status: 'preparando', version: byOwner.body.version },
      as,
    );
    expect(moved.status).toBe(200);
    const timeline = (await api.get(`/api/orders/${id}/`, own)).body.timeline;
    expect(timeline.at(-1)).toMatchObject({ status: 'preparando', by: 'Camila Rojas' });
    expect(timeline.at(-2)).toMatchObject({ status: 'pagado', by: 'Rosa Muñoz Pérez' });
    // The buyer's own page never names the shop's people.
    const receipt = await fetch(new URL(new URL(placed.body.receipt_url).pathname, url));
    expect(receipt.status).toBe(200);
    const html = await receipt.text();
    expect(html).toContain('Preparando');
    expect(html).not.toContain('Camila Rojas');

    const cancel = await api.patch(
      `/api/orders/${id}/`,
      { status: 'cancelado', version: moved.body.version },
      as,
    );
    expect(cancel.status).toBe(403);
    for (const [method, path] of [
      ['GET', '/api/orders/csv/'],
      ['GET', '/api/store/customers/csv/'],
      ['GET', '/api/store/payments/'],
      ['GET', '/api/store/webpay/'],
      ['PUT', '/api/store/invoicing/'],
      ['GET', '/api/companies/'],
      ['GET', '/api/canvases/'],
      ['POST', '/api/store/members/'],
      ['PATCH', `/api/products/${product.id}/`],
      ['GET', '/api/store/figures/'],
    ] as const) {
      const res = await api.request(method, path, {
        ...as,
        ...(method === 'GET' ? {} : { body: {} }),
      });
      expect(res.status, `${method} ${path}`).toBe(403);
    }
    // Their own account stays theirs.
    expect((await api.get('/api/users/me/', as)).body.id).toBe(member.user.id);

    // Another shop's order is a 404, as if it did not exist.
    const other = new ApiClient(url);
    const stranger = await other.register();
    const { product: theirs } = await openShop(other, stranger.token, { name: 'Otra tienda' });
    const foreign = (await buy(url, theirs.id)).body.id as number;
    expect((await api.get(`/api/orders/${foreign}/`, as)).status).toBe(404);

    // The owner ticks «exportar»: it counts from the member's next request.
    const team = (await api.get('/api/store/members/', own)).body;
    expect(team.members).toMatchObject([
      { id: member.user.id, role: 'ventas', permissions: ['orders', 'sell'], version: 1 },
    ]);
    const changed = await api.patch(
      `/api/store/members/${member.user.id}/`,
      { role: 'ventas', permissions: ['export'], version: 1 },
      own,
    );
    expect(changed.body.permissions).toEqual(['orders', 'sell', 'export']);
    expect((await api.get('/api/orders/csv/', as)).status).toBe(200);

    // Removed: the same credential works in the member's own (empty) account at once.
    expect((await api.request('DELETE', `/api/store/members/${member.user.id}/`, own)).status).toBe(
      200,
    );
    expect((await api.get(`/api/orders/${id}/`, as)).status).toBe(404);
    expect((await api.get('/api/orders/', as)).body.results).toEqual([]);
    expect((await api.get('/api/users/me/', as)).status).toBe(200);
  });

  it('a catalogue member edits products but prices only when ticked', async () => {
    const { api, own, as, product } = await teamShop(url, mailDir, 'catalogo');
    const current = (await api.get(`/api/products/${product.id}/`, as)).body;
    const stock = await api.patch(
      `/api/products/${product.id}/`,
      { stock: 7, price: current.price, version: current.version },
      as,
    );
    expect(stock.status).toBe(200);
    const price = await api.patch(
      `/api/products/${product.id}/`,
      { price: current.price + 1000, version: stock.body.version },
      as,
    );
    expect(price.status).toBe(403);
    expect((await api.get('/api/orders/', as)).status).toBe(403);
    const { members } = (await api.get('/api/store/members/', own)).body;
    await api.patch(
      `/api/store/members/${members[0].id}/`,
      { role: 'catalogo', permissions: ['edit_prices'], version: members[0].version },
      own,
    );
    const priced = await api.patch(
      `/api/products/${product.id}/`,
      { price: current.price + 1000, version: stock.body.version },
      as,
    );
    expect(priced.status).toBe(200);
  });

  it('an invitation is used once, by the address it was sent to, and never by the owner', async () => {
    const { api, own, as, invitation, owner } = await teamShop(url, mailDir, 'ventas');
    const again = await api.post('/api/store/members/join/', { token: invitation }, as);
    expect(again.status).toBe(400);
    const self = await api.post(
      '/api/store/members/',
      { email: owner.user.email, role: 'ventas' },
      own,
    );
    expect(self.status).toBe(400);
    const stranger = await api.register();
    const email = uniqueEmail('otra');
    await api.post('/api/store/members/', { email, role: 'catalogo' }, own);
    const { invitationFor } = await import('../../support/team');
    const token = await invitationFor(mailDir, email);
    const wrong = await api.post('/api/store/members/join/', { token }, { token: stranger.token });
    expect(wrong.status).toBe(403);
    expect(wrong.body.message).toBe(
      `Esta invitación es para ${email}. Ingresa con esa cuenta para unirte.`,
    );
    const bad = await api.post('/api/store/members/', { email: 'x', role: 'jefe' }, own);
    expect(bad.status).toBe(400);
    expect(bad.body.errors.role).toEqual(['Elige un rol: Ventas y despacho, o Catálogo.']);
  });
});
