import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const note = (id: string, text: string, extra: Record<string, unknown> = {}) => ({
  id: `note-${id}`,
  text,
  color: 'amarillo',
  segmentIds: [],
  ...extra,
});

describe.each(servers)('canvases on $kind', ({ url }) => {
  it('create, read, rename, list, duplicate, delete', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const created = await api.post(
      '/api/canvases/',
      { title: '  Panadería  ', description: 'Pan de masa madre' },
      { token },
    );
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      title: 'Panadería',
      description: 'Pan de masa madre',
      filled: 0,
    });
    expect(Object.keys(created.body.sections)).toHaveLength(9);
    const id = created.body.id;
    expect(
      (
        await api.request('PUT', `/api/canvases/${id}/sections/canales/`, {
          token,
          body: { notes: [note('aaaaaa', 'Instagram')], version: 0 },
        })
      ).body,
    ).toEqual({ notes: [note('aaaaaa', 'Instagram')], version: 1 });
    const renamed = await api.patch(
      `/api/canvases/${id}/`,
      { title: 'Panadería Las Rosas' },
      { token },
    );
    expect(renamed.body).toMatchObject({ title: 'Panadería Las Rosas', filled: 1 });
    const copy = await api.post(`/api/canvases/${id}/duplicate/`, undefined, { token });
    expect(copy.status).toBe(201);
    expect(copy.body).toMatchObject({ title: 'Copia de Panadería Las Rosas', filled: 1 });
    expect(copy.body.sections.canales.notes).toEqual([note('aaaaaa', 'Instagram')]);
    const list = await api.get('/api/canvases/', { token });
    expect(list.body.count).toBe(2);
    expect(list.body.results[0]).toMatchObject({
      id: copy.body.id,
      filled: 1,
      first_empty: 'segmento-de-clientes',
    });
    expect((await api.delete(`/api/canvases/${id}/`, { token })).status).toBe(200);
    expect((await api.get(`/api/canvases/${id}/`, { token })).status).toBe(404);
    expect((await api.get('/api/users/me/progress/', { token })).body.data.modules.canvas).toEqual({
      started: true,
      finished: false,
    });
  });

  it('validation: empty title, over-long notes, unknown section, bad bodies', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const empty = await api.post('/api/canvases/', { title: '   ' }, { token });
    expect(empty.status).toBe(400);
    expect(empty.body.errors.title[0]).toBe('Escribe el nombre de tu idea.');
    const { id } = (await api.post('/api/canvases/', { title: 'Idea' }, { token })).body;
    const long = await api.request('PUT', `/api/canvases/${id}/sections/canales/`, {
      token,
      body: { notes: [note('aaaaaa', 'x'.repeat(501))], version: 0 },
    });
    expect(long.status).toBe(400);
    expect(long.body.errors['notes.0.text'][0]).toMatch(/500 caracteres/);
    const unknown = await api.request('PUT', `/api/canvases/${id}/sections/marketing/`, {
      token,
      body: { notes: [], version: 0 },
    });
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toMatch(/marketing/);
    expect(
      (
        await api.request('PUT', `/api/canvases/${id}/sections/canales/`, {
          token,
          body: { notes: 'x' },
        })
      ).status,
    ).toBe(400);
    expect((await api.patch(`/api/canvases/${id}/`, {}, { token })).status).toBe(400);
    expect((await api.get('/api/canvases/?page=9', { token })).body).toEqual({
      message: 'Página inválida.',
    });
  });

  it('a stale version gets 409 with the stored copy; another block is unaffected', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const { id } = (await api.post('/api/canvases/', { title: 'Idea' }, { token })).body;
    const path = `/api/canvases/${id}/sections/propuesta-de-valor/`;
    expect(
      (
        await api.request('PUT', path, {
          token,
          body: { notes: [note('aaaaaa', 'Pestaña A')], version: 0 },
        })
      ).body.version,
    ).toBe(1);
    const stale = await api.request('PUT', path, {
      token,
      body: { notes: [note('bbbbbb', 'Pestaña B')], version: 0 },
    });
    expect(stale.status).toBe(409);
    expect(stale.body.current).toEqual({ notes: [note('aaaaaa', 'Pestaña A')], version: 1 });
    expect(stale.body.message).toMatch(/cambió en otra pestaña/);
    expect(
      (
        await api.request('PUT', `/api/canvases/${id}/sections/canales/`, {
          token,
          body: { notes: [note('cccccc', 'Otro bloque')], version: 0 },
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await api.request('PUT', path, {
          token,
          body: { notes: [note('bbbbbb', 'Pestaña B')], version: 1 },
        })
      ).body.version,
    ).toBe(2);
  });

  it('owner only: another user gets 404 everywhere, exactly as if it did not exist', async () => {
    const owner = new ApiClient(url);
    const { token } = await owner.register();
    const { id } = (await owner.post('/api/canvases/', { title: 'Secreto' }, { token })).body;
    const other = new ApiClient(url);
    const { token: t2 } = await other.register();
    const missing = (await other.get('/api/canvases/99999999/', { token: t2 })).body;
    for (const [method, path, body] of [
      ['GET', `/api/canvases/${id}/`],
      ['PATCH', `/api/canvases/${id}/`, { title: 'Mío' }],
      ['DELETE', `/api/canvases/${id}/`],
      ['POST', `/api/canvases/${id}/duplicate/`],
      ['PUT', `/api/canvases/${id}/sections/canales/`, { notes: [], version: 0 }],
      ['GET', `/api/canvases/${id}/pdf/`],
    ] as const) {
      const res = await other.request(method, path, { token: t2, body });
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(res.body).toEqual(missing);
    }
    for (const page of [
      `/canvas/${id}/resumen`,
      `/canvas/${id}/revisar`,
      `/canvas/${id}/seccion/canales`,
    ]) {
      const res = await fetch(url + page, { headers: { Authorization: `Token ${t2}` } });
      expect(res.status, page).toBe(404);
      expect(await res.text()).toContain(`Page Not Found: ${page}`);
    }
    expect((await owner.get(`/api/canvases/${id}/`, { token })).body.title).toBe('Secreto');
  });

  it('the PDF download is a one-page document', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const { id } = (await api.post('/api/canvases/', { title: 'Café del Puerto' }, { token })).body;
    await api.request('PUT', `/api/canvases/${id}/sections/segmento-de-clientes/`, {
      token,
      body: { notes: [note('aaaaaa', 'Turistas en Valparaíso')], version: 0 },
    });
    const res = await fetch(`${url}/api/canvases/${id}/pdf/`, {
      headers: { Authorization: `Token ${token}` },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(res.headers.get('content-disposition')).toBe(
      'attachment; filename="canvas-cafe-del-puerto.pdf"',
    );
    const doc = await PDFDocument.load(new Uint8Array(await res.arrayBuffer()));
    expect(doc.getPageCount()).toBe(1);
  });

  it('ids past the database integer range are 404, never 500 or a redirect loop', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    for (const id of ['2147483648', '9999999999', '2147483647']) {
      for (const path of [
        `/api/canvases/${id}/`,
        `/api/canvases/${id}/pdf/`,
        `/api/companies/${id}/`,
      ]) {
        expect((await api.get(path, { token })).status, path).toBe(404);
      }
      const section = await api.request('PUT', `/api/canvases/${id}/sections/canales/`, {
        token,
        body: { notes: [], version: 0 },
      });
      expect(section.status).toBe(404);
      expect((await api.patch(`/api/canvases/${id}/`, { title: 'x' }, { token })).status).toBe(404);
      expect((await api.post(`/api/canvases/${id}/duplicate/`, undefined, { token })).status).toBe(
        404,
      );
      for (const path of [
        `/canvas/${id}/resumen`,
        `/canvas/${id}/revisar`,
        `/canvas/${id}/seccion/canales`,
        `/dashboard/formalizacion/${id}`,
      ]) {
        const res = await fetch(url + path, {
          headers: { Authorization: `Token ${token}` },
          redirect: 'manual',
        });
        expect(res.status, path).toBe(404);
      }
    }
  });
});
