/**
 * A form that creates something, sent again (the back button, a double click, a retry), answers
 * with what the first POST made and creates nothing more (issue 46, item 7).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient, postForm } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });

describe.each(servers)('one-time form keys on $kind', ({ url }) => {
  it('the new-product form sent twice, or twice at once, makes one product', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const form = await fetch(`${url}/productos/nuevo`, {
      headers: { Cookie: `impulsa_session=${token}` },
    }).then((r) => r.text());
    const key = /name="form_key" value="([A-Za-z0-9_-]+)"/.exec(form)?.[1];
    expect(key).toBeDefined();
    const post = (fields: Record<string, string>) =>
      postForm(url, '/productos/nuevo', fields, `impulsa_session=${token}`);
    const fields = { form_key: key!, name: 'Pan amasado', price: '2.500', published: 'on' };

    // A refused first try frees the key: the corrected form still goes through once.
    expect((await post({ ...fields, price: 'caro' })).status).toBe(400);
    const first = await post(fields);
    expect(first.status).toBe(303);
    const again = await post(fields);
    expect(again.status).toBe(303);
    expect(again.headers.get('location')).toBe(first.headers.get('location'));
    const count = async () =>
      (await api.get('/api/products/', { token })).body.results.filter(
        (p: { name: string }) => p.name === 'Pan amasado',
      ).length;
    expect(await count()).toBe(1);

    // A double click: two POSTs of a new key at once.
    const twin = { ...fields, form_key: 'doble-clic-0123456789', name: 'Torta' };
    const both = await Promise.all([post(twin), post(twin)]);
    expect(both.map((r) => r.status)).toEqual([303, 303]);
    expect(both[0].headers.get('location')).toBe(both[1].headers.get('location'));
    expect(
      (await api.get('/api/products/', { token })).body.results.filter(
        (p: { name: string }) => p.name === 'Torta',
      ),
    ).toHaveLength(1);
  });

  it('the new discount code form sent again goes back to the list, with no «ya tienes ese código»', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const page = await fetch(`${url}/descuentos`, {
      headers: { Cookie: `impulsa_session=${token}` },
    }).then((r) => r.text());
    const key = /name="form_key" value="([A-Za-z0-9_-]+)"/.exec(page)?.[1];
    // The form posts to its action, as the browser would.
    const action = /<form[^>]*action="([^"]*discounts\.create)"/.exec(page)?.[1];
    expect(action).toBe('?_action=discounts.create');
    const post = () =>
      postForm(
        url,
        `/descuentos${action}`,
        { form_key: key!, code: 'VERANO-10', kind: 'percent', value: '10' },
        `impulsa_session=${token}`,
      );
    expect((await post()).status).toBe(303);
    expect((await post()).status).toBe(303);
    expect((await api.get('/api/discounts/', { token })).body.results).toHaveLength(1);
  });
});
