/**
 * Input PostgreSQL would refuse (NUL, lone surrogates, deep nesting, numbers past its range) is
 * cleaned or a 400, never a 500.
 */
import { describe, expect, it } from 'vitest';
import http from 'node:http';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

/** A request with a method fetch refuses to send. */
function rawRequest(url: string, method: string): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method }, (res) => {
      res.resume();
      res.on('end', () => resolve(res));
    });
    req.on('error', reject);
    req.end();
  });
}

const servers = claimServers({ bothEngines: true });

describe.each(servers)('input hygiene on $kind', ({ url }) => {
  it('NUL characters are removed from stored text: canvas title and notes, full_name, drafts', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const canvas = await api.post(
      '/api/canvases/',
      { title: 'Pana\u0000dería', description: 'x\u0000' },
      { token },
    );
    expect(canvas.status).toBe(201);
    expect(canvas.body.title).toBe('Panadería');
    const note = { id: 'note-aaaaaa', text: 'Insta\u0000gram', color: 'amarillo', segmentIds: [] };
    const saved = await api.request('PUT', `/api/canvases/${canvas.body.id}/sections/canales/`, {
      token,
      body: { notes: [note], version: 0 },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.notes[0].text).toBe('Instagram');
    const me = await api.patch('/api/users/me/', { full_name: 'Rosa\u0000 Pérez' }, { token });
    expect(me.body.full_name).toBe('Rosa Pérez');
    const draft = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      body: {
        data: { ['compa\u0000nyName']: 'Uno\u0000 SpA' },
        version: null,
        edited_at: new Date().toISOString(),
      },
    });
    expect(draft.status).toBe(200);
    expect((await api.get('/api/companies/drafts/spa/', { token })).body.data).toEqual({
      companyName: 'Uno SpA',
    });
  });

  it('a lone surrogate, 5,000-deep nesting or a number past the range is a Spanish 400', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const lone = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      raw: '{"data":{"companyName":"\\ud800"},"version":null,"edited_at":"2026-01-01T00:00:00.000Z"}',
    });
    expect(lone.status).toBe(400);
    expect(lone.body.message).toBe('El texto enviado tiene caracteres no válidos.');
    const deep =
      `{"data":{"x":${'['.repeat(5000)}${']'.repeat(5000)}},` +
      '"version":null,"edited_at":"2026-01-01T00:00:00.000Z"}';
    const nested = await api.request('PUT', '/api/companies/drafts/spa/', { token, raw: deep });
    expect(nested.status).toBe(400);
    expect(nested.body.message).toMatch(/niveles/);
    const huge = await api.post('/api/companies/', { type: 'spa', voplan: 2 ** 40 }, { token });
    expect(huge.status).toBe(400);
    const version = await api.request('PUT', '/api/companies/drafts/spa/', {
      token,
      body: { data: {}, version: 2 ** 40, edited_at: new Date().toISOString() },
    });
    expect(version.status).toBe(400);
  });

  it('a NUL in a query or in a posted form is a Spanish 400, on pages and the API alike', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    for (const path of [
      '/pay/return?token_ws=ab%00cd',
      '/pay/return?TBK_TOKEN=x%00',
      '/shop?q=%00',
    ]) {
      const res = await fetch(url + path, { redirect: 'manual' });
      expect(res.status, path).toBe(400);
      expect(await res.text()).toBe('La dirección trae caracteres no válidos.');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    }
    const listed = await api.get('/api/products/?q=ta%00za', { token });
    expect(listed.status).toBe(400);
    expect(listed.body.message).toBe('La dirección trae caracteres no válidos.');
    const login = await fetch(url + '/login?_action=accounts.signIn', {
      method: 'POST',
      redirect: 'manual',
      headers: { Origin: url, 'Content-Type': 'application/x-www-form-urlencoded' },
      body: 'email=ana%00%40correo.cl&password=una-clave-segura',
    });
    expect(login.status).toBe(400);
    expect(await login.text()).toContain('El formulario trae caracteres no válidos.');
  });

  it("Webpay's POST return with a NUL in its token is a 404, not a 500", async () => {
    for (const field of ['token_ws', 'TBK_TOKEN', 'TBK_ORDEN_COMPRA']) {
      const res = await fetch(`${url}/pay/return`, {
        method: 'POST',
        redirect: 'manual',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
        body: `${field}=abc%00def`,
      });
      expect(res.status, field).toBe(404);
    }
  });

  it('an order quantity or product of true, null or a list is a Spanish 400, never read as 1', async () => {
    const api = new ApiClient(url);
    for (const item of [
      { product: 1, quantity: true },
      { product: 1, quantity: null },
      { product: 1, quantity: [2] },
      { product: true, quantity: 1 },
    ]) {
      const res = await api.post('/api/orders/', {
        items: [item],
        buyer: { name: 'Camila Soto', email: 'camila@ejemplo.cl', phone: '9 8765 4321' },
        delivery: { method: 'retiro' },
        payment_method: 'transferencia',
      });
      expect(res.status, JSON.stringify(item)).toBe(400);
      expect(JSON.stringify(res.body.errors)).toMatch(/items\.0\.(quantity|product)/);
    }
  });

  it('TRACE and TRACK are a 405 with the security headers, on any path', async () => {
    for (const [method, path] of [
      ['TRACE', '/'],
      ['TRACK', '/api/users/me/'],
      ['TRACE', '/shop/1'],
    ]) {
      const res = await rawRequest(url + path, method!);
      expect(res.statusCode, `${method} ${path}`).toBe(405);
      expect(res.headers['allow']).toBe('GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS');
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    }
  });

  it('a chunked body past the 10 MB cap is a Spanish 413, as a declared one is', async () => {
    const { token } = await new ApiClient(url).register();
    const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
      const req = http.request(`${url}/api/media/`, {
        method: 'POST',
        headers: {
          Authorization: `Token ${token}`,
          'Content-Type': 'multipart/form-data; boundary=x',
          'Transfer-Encoding': 'chunked',
        },
      });
      req.on('response', (answer) => {
        let body = '';
        answer.on('data', (c) => (body += c));
        answer.on('end', () => resolve({ status: answer.statusCode!, body }));
      });
      req.on('error', reject);
      const chunk = Buffer.alloc(1024 * 1024, 97);
      let sent = 0;
      const pump = () => {
        while (sent < 12 && req.write(chunk)) sent++;
        if (sent < 12) req.once('drain', () => (sent++, pump()));
        else req.end();
      };
      pump();
    });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.body).message).toBe('El contenido enviado es demasiado grande.');
  });
});
