/** A small JSON client for API tests: its own X-Forwarded-For (its own rate-limit buckets) and cookie jar. */
import { randomBytes } from 'node:crypto';
import { request as httpRequest } from 'node:http';

export interface Reply<T = any> {
  status: number;
  headers: Headers;
  body: T;
}

/** A unique email for a test. */
export function uniqueEmail(prefix = 'persona'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@ejemplo.cl`;
}

function randomIp(): string {
  const b = randomBytes(3);
  return `10.${b[0]}.${b[1]}.${b[2]}`;
}

/** Posts `fields` as a browser's form would (same origin, no redirect followed). */
export function postForm(
  url: string,
  path: string,
  fields: Record<string, string>,
  cookie?: string,
) {
  return fetch(url + path, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'Content-Type': 'application/x-www-form-urlencoded',
      Origin: url,
      ...(cookie ? { Cookie: cookie } : {}),
    },
    body: new URLSearchParams(fields),
  });
}

/**
 * Accepts the terms in force for the account behind `token`, as its person does at
 * `/terminos/aceptar`: accounts that registered nothing (staff added by `npm run staff:add`) are
 * asked before any page of the app.
 */
export async function acceptTerms(url: string, token: string): Promise<void> {
  const res = await postForm(
    url,
    '/terminos/aceptar?_action=accounts.acceptTerms',
    {},
    `impulsa_session=${token}`,
  );
  if (res.status !== 303) throw new Error(`accepting the terms answered ${res.status}`);
}

export class ApiClient {
  readonly ip = randomIp();
  cookies = new Map<string, string>();
  readonly base: string;
  constructor(base: string) {
    this.base = base;
  }

  async request<T = any>(
    method: string,
    path: string,
    options: {
      body?: unknown;
      token?: string;
      headers?: Record<string, string>;
      raw?: string;
      useCookies?: boolean;
    } = {},
  ): Promise<Reply<T>> {
    const headers: Record<string, string> = {
      'X-Forwarded-For': this.ip,
      Accept: 'application/json',
      ...options.headers,
    };
    if (options.body !== undefined || options.raw !== undefined)
      headers['Content-Type'] ??= 'application/json';
    if (options.token) headers.Authorization = `Token ${options.token}`;
    if (options.useCookies !== false && this.cookies.size)
      headers.Cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && !('Origin' in headers)) headers.Origin = this.base;
    const res = await fetch(this.base + path, {
      method,
      headers,
      body: options.raw ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
      redirect: 'manual',
    });
    for (const line of res.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const [name, ...value] = pair!.split('=');
      if (/max-age=0|expires=thu, 01 jan 1970/i.test(line)) this.cookies.delete(name!);
      else this.cookies.set(name!, value.join('='));
    }
    const text = await res.text();
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, headers: res.headers, body: body as T };
  }

  get<T = any>(path: string, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('GET', path, options);
  }
  post<T = any>(path: string, body?: unknown, options: Parameters<ApiClient['request']>[2] = {}) {
    return this.request<T>('POST', path, { ...options, body });
  }
  patch<T = any>(path: string, body?: unknown, options: Parameters<ApiClient['request']>[2] = {}) {
    return this.request<T>('PATCH', path, { ...options, body });
  }
  put<T = any>(path: string, body?: unknown, options: Parameters<ApiClient['request']>[2] = {}) {
    return this.request<T>('PUT', path, { ...options, body });
  }
  delete<T = any>(path: string, options?: Parameters<ApiClient['request']>[2]) {
    return this.request<T>('DELETE', path, options);
  }

  /** Registers a new account and returns its token and user. */
  async register(fields: Partial<{ email: string; password: string; full_name: string }> = {}) {
    const body = {
      email: uniqueEmail(),
      password: 'una-clave-segura',
      full_name: 'María José Soto',
      ...fields,
    };
    const res = await this.post('/api/users/register/', body);
    if (res.status !== 201)
      throw new Error(`register failed: ${res.status} ${JSON.stringify(res.body)}`);
    return {
      ...(res.body as { token: string; user: { id: number; email: string } }),
      password: body.password,
    };
  }
}

/**
 * Rate limits count in fixed clock windows; a test that makes many requests waits out a
 * window edge closer than `marginMs`, so the count cannot reset halfway through it.
 */
export async function awayFromWindowEdge(windowSeconds: number, marginMs = 20_000): Promise<void> {
  const left = windowSeconds * 1000 - (Date.now() % (windowSeconds * 1000));
  if (left < marginMs) await new Promise((r) => setTimeout(r, left + 250));
}

/** A GET with any `Host` header (fetch does not let a test choose it), as a site visitor's browser sends it. */
export function getWithHost(
  base: string,
  host: string,
  path: string,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const { port } = new URL(base);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      { host: '127.0.0.1', port, path, method: 'GET', headers: { ...headers, Host: host } },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
      },
    );
    req.on('error', reject);
    req.end();
  });
}

/** POSTs a form to `base` as `host` (a site's host), as a browser on that host would. */
export function postFormWithHost(
  base: string,
  host: string,
  path: string,
  fields: Record<string, string>,
  headers: Record<string, string> = {},
): Promise<{
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}> {
  const { port } = new URL(base);
  const body = new URLSearchParams(fields).toString();
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        path,
        method: 'POST',
        headers: {
          Origin: `http://${host}`,
          ...headers,
          Host: host,
          'Content-Type': 'application/x-www-form-urlencoded',
          'Content-Length': Buffer.byteLength(body),
        },
      },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }),
        );
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}
