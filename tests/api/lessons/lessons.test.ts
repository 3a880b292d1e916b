/**
 * Lessons through the API on PGlite and PostgreSQL: the course in order, one lesson, progress
 * saved and read back (also by `sendBeacon`'s POST), bad positions refused with 400s, progress
 * kept per person; and the lesson media served as a video player needs it (ranges, types, cache).
 */
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('lessons on $kind', ({ url }) => {
  it('lists the course in order and answers one lesson by its slug', async () => {
    const api = new ApiClient(url);
    const list = await api.get('/api/lessons/');
    expect(list.status).toBe(200);
    expect(list.body.count).toBeGreaterThanOrEqual(8);
    const [first] = list.body.results;
    expect(first).toMatchObject({
      id: 1,
      slug: 'como-validar-tu-idea',
      module: 'idea',
      position: 1,
      video: { src: '/lessons/como-validar-tu-idea.mp4', type: 'video/mp4' },
      captions: [{ srclang: 'es', label: 'Español' }],
    });
    expect(first.duration_seconds).toBeGreaterThan(20);
    expect(list.body.results.map((l: { module: string }) => l.module)).toEqual([
      'idea',
      'idea',
      'empresa',
      'empresa',
      'empresa',
      'vender',
      'vender',
      'sitio',
    ]);
    expect((await api.get('/api/lessons/spa-eirl-o-ltda/')).body).toMatchObject({
      title: '¿SpA, EIRL o Ltda.? Cómo elegir',
    });
    expect((await api.get('/api/lessons/no-existe/')).status).toBe(404);
    expect((await api.get('/api/lessons/?page=2')).status).toBe(404);
  });

  it('saves and reads back progress, refuses bad positions, and keeps each person to their own', async () => {
    const api = new ApiClient(url);
    const { token } = await api.register();
    const lesson = (await api.get('/api/lessons/como-validar-tu-idea/')).body;
    const put = (body: unknown, t = token) =>
      api.request('PUT', `/api/users/me/progress/lessons/${lesson.id}/`, {
        raw: JSON.stringify(body),
        token: t,
      });

    const saved = await put({ position_seconds: 12.34 });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ position_seconds: 12.3, completed: false });
    const done = await put({ position_seconds: Math.ceil(lesson.duration_seconds * 0.9) });
    expect(done.body.completed).toBe(true);
    // Watching it again keeps it seen.
    expect((await put({ position_seconds: 3 })).body).toMatchObject({
      position_seconds: 3,
      completed: true,
    });

    for (const bad of [
      { position_seconds: -1 },
      { position_seconds: 'NaN' },
      { position_seconds: null },
      { position_seconds: lesson.duration_seconds + 30 },
      { position_seconds: 1e308 },
      {},
      { position_seconds: 5, completed: 'sí' },
    ]) {
      const res = await put(bad);
      expect(res.status, JSON.stringify(bad)).toBe(400);
      expect(typeof res.body.message).toBe('string');
    }
    expect(
      (
        await api.request('PUT', `/api/users/me/progress/lessons/${lesson.id}/`, {
          raw: '{"position_seconds": NaN}',
          token,
        })
      ).status,
    ).toBe(400);
    expect(
      (
        await api.request('PUT', '/api/users/me/progress/lessons/999999/', {
          raw: '{"position_seconds": 1}',
          token,
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await new ApiClient(url).request('PUT', `/api/users/me/progress/lessons/${lesson.id}/`, {
          raw: '{"position_seconds": 1}',
        })
      ).status,
    ).toBe(401);

    // sendBeacon posts the same body.
    const second = (await api.get('/api/lessons/como-llenar-tu-canvas/')).body;
    expect(
      (
        await api.request('POST', `/api/users/me/progress/lessons/${second.id}/`, {
          raw: '{"position_seconds": 7.5}',
          token,
        })
      ).body,
    ).toMatchObject({ position_seconds: 7.5 });

    const progress = (await api.get('/api/users/me/progress/', { token })).body.data;
    expect(progress.lessons).toMatchObject({
      completed: 1,
      items: {
        [lesson.id]: { completed: true },
        [second.id]: { position_seconds: 7.5, completed: false },
      },
    });
    expect(progress.lessons.total).toBeGreaterThanOrEqual(8);
    expect(progress.modules.lecciones).toMatchObject({
      started: true,
      finished: false,
      detail: `1 de ${progress.lessons.total} lecciones vistas`,
    });

    const other = await new ApiClient(url).register();
    const theirs = (await new ApiClient(url).get('/api/users/me/progress/', { token: other.token }))
      .body.data;
    expect(theirs.lessons).toMatchObject({ completed: 0, items: {} });
  });

  it('serves lesson videos with ranges, their types and long cache headers', async () => {
    const video = await fetch(`${url}/lessons/como-validar-tu-idea.mp4`, {
      headers: { Range: 'bytes=0-1023' },
    });
    expect(video.status).toBe(206);
    expect(video.headers.get('content-type')).toBe('video/mp4');
    expect(video.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/);
    expect(video.headers.get('cache-control')).toContain('max-age=604800');
    expect((await video.arrayBuffer()).byteLength).toBe(1024);
    const captions = await fetch(`${url}/lessons/como-validar-tu-idea.vtt`);
    expect(captions.headers.get('content-type')).toMatch(/^text\/vtt/);
    expect((await captions.text()).startsWith('WEBVTT')).toBe(true);
  });
});
