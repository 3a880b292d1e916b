import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { API_RETRY_STATUS_CODES, API_TIMEOUT_MS, createApiClient, serverMessage } from '@/lib/api';
import { AUTH_ERROR_MESSAGE } from '@/lib/accounts/signed-out';

/** A local HTTP server whose answers each test scripts. */
let server: http.Server;
let base = '';
let hits: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[] = [];
let respond: (req: http.IncomingMessage, res: http.ServerResponse, n: number) => void = () => {};

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c) => (body += c));
    req.on('end', () => {
      hits.push({ method: req.method!, url: req.url!, headers: req.headers, body });
      respond(req, res, hits.length);
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((r) => server.close(() => r())));
afterEach(() => {
  hits = [];
  vi.restoreAllMocks();
});

function reply(status: number, data: unknown) {
  return (_req: http.IncomingMessage, res: http.ServerResponse) => {
    res.writeHead(status, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(data));
  };
}

describe('API client (docs/spec.md §7)', () => {
  it('uses the spec constants', () => {
    expect(API_TIMEOUT_MS).toBe(10_000);
    expect(API_RETRY_STATUS_CODES).toEqual([408, 409, 425, 429, 500, 502, 503, 504]);
  });

  it('sends JSON headers, and the token only when one exists', async () => {
    respond = reply(200, { ok: true });
    let token: string | null = null;
    const client = createApiClient(base, () => ({ getToken: () => token }));
    await client('/api/users/me/');
    token = 'abc123';
    await client('/api/users/login/', { method: 'POST', body: { email: 'a@b.cl' } });
    expect(hits[0]!.headers['content-type']).toBe('application/json');
    expect(hits[0]!.headers.accept).toBe('application/json');
    expect(hits[0]!.headers.authorization).toBeUndefined();
    expect(hits[1]!.headers.authorization).toBe('Token abc123');
    expect(JSON.parse(hits[1]!.body)).toEqual({ email: 'a@b.cl' });
  });

  it.each(API_RETRY_STATUS_CODES)('retries a GET once on %i', async (status) => {
    respond = (req, res, n) =>
      n === 1 ? reply(status, { message: 'x' })(req, res) : reply(200, { ok: true })(req, res);
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient(base, () => ({}));
    await expect(client('/api/thing/')).resolves.toEqual({ ok: true });
    expect(hits).toHaveLength(2);
  });

  it('retries a GET only once', async () => {
    respond = reply(503, { message: 'caído' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient(base, () => ({}));
    await expect(client('/api/thing/')).rejects.toMatchObject({ status: 503 });
    expect(hits).toHaveLength(2);
  });

  it.each(['POST', 'PUT', 'PATCH', 'DELETE'])('never retries %s', async (method) => {
    respond = reply(503, { message: 'caído' });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient(base, () => ({}));
    await expect(client('/api/thing/', { method, body: {} })).rejects.toMatchObject({
      status: 503,
    });
    expect(hits).toHaveLength(1);
  });

  it('does not retry other errors, and passes the server message to the caller', async () => {
    respond = reply(400, { message: 'Correo inválido.' });
    const client = createApiClient(base, () => ({}));
    const error = await client('/api/thing/').catch((e) => e);
    expect(hits).toHaveLength(1);
    expect(serverMessage(error)).toBe('Correo inválido.');
  });

  it('logs a 5xx with its body and passes the error on', async () => {
    respond = reply(500, { message: 'falló' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const client = createApiClient(base, () => ({}));
    await expect(client('/api/x/', { method: 'POST' })).rejects.toMatchObject({ status: 500 });
    expect(log).toHaveBeenCalledWith('Server error', 500, { message: 'falló' });
  });

  it('on 401 logs the spec message and calls the auth hook', async () => {
    respond = reply(401, { message: 'Token inválido.' });
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    const onUnauthorized = vi.fn();
    const client = createApiClient(base, () => ({ getToken: () => 'old', onUnauthorized }));
    await expect(client('/api/users/me/')).rejects.toMatchObject({ status: 401 });
    expect(log).toHaveBeenCalledWith(AUTH_ERROR_MESSAGE);
    expect(onUnauthorized).toHaveBeenCalledTimes(1);
  });

  it('times out', async () => {
    respond = () => {}; // never answers
    const client = createApiClient(base, () => ({}));
    const started = Date.now();
    await expect(client('/api/slow/', { timeout: 150, retry: 0 })).rejects.toThrow(
      /aborted|timeout/i,
    );
    expect(Date.now() - started).toBeLessThan(3000);
  });
});

describe('data-fetch cache rules (docs/spec.md §9)', () => {
  it('keeps reads 5 minutes and retries 3 times, from 1 s doubling up to 30 s', async () => {
    const { QUERY_CACHE_LIFETIME_MS, queryRetryDelay } = await import('@/lib/query');
    expect(QUERY_CACHE_LIFETIME_MS).toBe(300_000);
    expect([1, 2, 3, 4].map(queryRetryDelay)).toEqual([1000, 2000, 4000, undefined]);
  });
});
