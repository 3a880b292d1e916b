/**
 * Two app instances on one PostgreSQL database, each with its own render cache: a product page
 * cached by one shows an edit made through the other (PostgreSQL LISTEN/NOTIFY carries the
 * invalidation), so a shared link never shows a stale price on any instance.
 */
import postgres from 'postgres';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { TEST_DATABASE_URL } from '../../support/postgres';
import { useTwoInstances } from '../../support/server';

describe.skipIf(!TEST_DATABASE_URL)('the render cache across instances', () => {
  const instances = useTwoInstances();

  it('an edit through one instance reaches the page the other one cached', async () => {
    const { first, second, databaseUrl } = instances();
    const api = new ApiClient(first.url);
    const { token } = await api.register();
    const created = await api.post(
      '/api/products/',
      { name: 'Chaleco de lana', price: 24990, published: true },
      { token },
    );
    expect(created.status).toBe(201);
    const page = `${second.url}/shop/${created.body.id}`;
    const served = async () => {
      const res = await fetch(page);
      expect(res.status).toBe(200);
      return res.text();
    };
    expect(await served()).toContain('$24.990');
    // The first request made the instance start listening; from then on its renderings are kept.
    await new Promise((r) => setTimeout(r, 300));
    expect(await served()).toContain('$24.990');
    // A write behind the app's back (no invalidation) does not show: the page is cached there.
    const sql = postgres(databaseUrl, { max: 1 });
    await sql`update products set price = 1 where id = ${created.body.id}`;
    await sql.end();
    expect(await served()).toContain('$24.990');

    const edited = await api.patch(
      `/api/products/${created.body.id}/`,
      { price: 19990, version: created.body.version },
      { token },
    );
    expect(edited.status).toBe(200);
    await expect.poll(served, { timeout: 5000, interval: 50 }).toContain('$19.990');
    expect(await served()).not.toContain('$24.990');
  });
});
