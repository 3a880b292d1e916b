/**
 * Behind a TLS proxy (Caddy, `TRUST_PROXY=1`), `X-Forwarded-Proto: https` makes a request https to
 * the app: a browser's https Origin passes the origin check, the session cookie is `Secure` and
 * `__Host-`, and HSTS is sent. Without `TRUST_PROXY` the header is a visitor's claim and ignored.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { startServer, type RunningServer } from '../../support/server';
import { claimServers } from '../../support/claims';

const servers = claimServers();

async function signIn(url: string, headers: Record<string, string>) {
  const account = await new ApiClient(url).register();
  return fetch(`${url}/api/users/login/`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify({ email: account.user.email, password: account.password }),
  });
}

describe.each(servers)('behind a trusted TLS proxy on $kind', ({ url }) => {
  const https = url.replace('http://', 'https://');

  it('an https request: Origin accepted, a Secure __Host- session cookie, HSTS', async () => {
    const res = await signIn(url, { Origin: https, 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(200);
    const cookie =
      res.headers.getSetCookie().find((c) => c.startsWith('__Host-impulsa_session=')) ?? '';
    expect(cookie).toMatch(/; Secure/i);
    // So is the browser's id that sign-in under attack reads.
    expect(res.headers.getSetCookie().find((c) => c.startsWith('__Host-impulsa_device='))).toMatch(
      /; Secure/i,
    );
    expect(res.headers.get('strict-transport-security')).toBe(
      'max-age=63072000; includeSubDomains',
    );
    // The cookie signs the next https request in.
    const token = /^__Host-impulsa_session=([^;]+)/.exec(cookie)![1]!;
    const me = await fetch(`${url}/api/users/me/`, {
      headers: { Cookie: `__Host-impulsa_session=${token}`, 'X-Forwarded-Proto': 'https' },
    });
    expect(me.status).toBe(200);
  });

  it('a plain http request on the same connection stays http', async () => {
    const res = await signIn(url, { Origin: url });
    expect(res.status).toBe(200);
    expect(res.headers.getSetCookie().some((c) => c.startsWith('impulsa_session='))).toBe(true);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});

describe('without TRUST_PROXY', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ TRUST_PROXY: '' });
  });
  afterAll(() => server?.stop());

  it('X-Forwarded-Proto is ignored: an https Origin is foreign, no HSTS', async () => {
    const https = server.url.replace('http://', 'https://');
    const res = await signIn(server.url, { Origin: https, 'X-Forwarded-Proto': 'https' });
    expect(res.status).toBe(403);
    expect(res.headers.get('strict-transport-security')).toBeNull();
  });
});
