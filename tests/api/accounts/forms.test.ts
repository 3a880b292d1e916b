/** Account forms posted without JavaScript: a real POST, a redirect on success, the errors in place on a refusal. */
import { describe, expect, inject, it } from 'vitest';
import { encodeQuickStart, QUICK_START_COOKIE } from '@/lib/formation/quick-start';
import { ApiClient, postForm } from '../../support/http';
import { resetLinkIn, waitForMail } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
/** Where each form posts: its page, with its action (`src/actions/accounts.ts`). */
const SIGN_IN = '/login?_action=accounts.signIn';
const SIGN_UP = '/registrate?_action=accounts.signUp';
const ASK_RESET = '/login/forgot-password?_action=accounts.askReset';
const RESET = '/login/reset-password?_action=accounts.completeReset';
const mailDir = inject('mailDir');

describe.each(servers)('account forms on $kind', ({ url }) => {
  it('/login renders a form that posts to itself, with its action', async () => {
    const html = await (await fetch(`${url}/login`)).text();
    const form = /<form[^>]*name="login"[^>]*>/.exec(html)?.[0] ?? '';
    expect(form).toContain('method="post"');
    expect(form).toContain('action="/login?_action=accounts.signIn"');
  });

  it('/login and /registrate come from the render cache, but not a refusal or a quick start', async () => {
    for (const path of ['/login', '/registrate']) {
      const first = await (await fetch(url + path)).text();
      const again = await fetch(url + path);
      expect(again.headers.get('x-render-cache')).toBe('hit');
      expect(again.headers.get('content-security-policy')).toContain("frame-ancestors 'self'");
      expect(await again.text()).toBe(first);
    }
    const refused = await postForm(url, SIGN_IN, {
      email: 'nadie@ejemplo.cl',
      password: 'otra-cosa',
    });
    expect(refused.headers.get('x-render-cache')).toBeNull();
    expect(await refused.text()).toContain('value="nadie@ejemplo.cl"');
    expect(await (await fetch(`${url}/login`)).text()).not.toContain('nadie@ejemplo.cl');
    // The quick start's company shows on /registrate: that visitor gets the page rendered for them.
    const company = encodeURIComponent(
      encodeQuickStart({ name: 'Panadería Las Tórtolas', type: 'spa' }),
    );
    const starting = await fetch(`${url}/registrate`, {
      headers: { Cookie: `${QUICK_START_COOKIE}=${company}` },
    });
    expect(starting.headers.get('x-render-cache')).toBeNull();
    expect(await starting.text()).toContain('Panadería Las Tórtolas');
    expect((await fetch(`${url}/registrate`)).headers.get('x-render-cache')).toBe('hit');
  });

  it('POST /login: a refusal is a 400 page keeping the email; success goes to /dashboard', async () => {
    const { user, password } = await new ApiClient(url).register();
    const wrong = await postForm(url, SIGN_IN, { email: user.email, password: 'otra-cosa' });
    expect(wrong.status).toBe(400);
    const html = await wrong.text();
    expect(html).toContain('El correo o la contraseña no son correctos.');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).not.toContain('otra-cosa');
    const invalid = await postForm(url, SIGN_IN, { email: 'no-es-correo', password: '' });
    expect(invalid.status).toBe(400);

    const ok = await postForm(url, SIGN_IN, { email: user.email, password });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/dashboard');
    const cookies = ok.headers.getSetCookie();
    const session = cookies.find((c) => c.startsWith('impulsa_session='))!;
    expect(session).toMatch(/HttpOnly/i);
    expect(cookies.some((c) => c.startsWith('impulsa_flash='))).toBe(true);
    const dashboard = await fetch(`${url}/dashboard`, {
      headers: { Cookie: session.split(';')[0]! },
      redirect: 'manual',
    });
    expect(dashboard.status).toBe(200);
  });

  it('POST /login from another origin is refused', async () => {
    const res = await fetch(`${url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: {
        'Content-Type': 'application/x-www-form-urlencoded',
        Origin: 'https://evil.example',
      },
      body: 'email=a%40b.cl&password=x',
    });
    expect(res.status).toBe(403);
  });

  it('POST /registrate: a refusal keeps the name and email; success goes to /dashboard', async () => {
    const { user } = await new ApiClient(url).register();
    const taken = await postForm(url, SIGN_UP, {
      full_name: 'Rosa Pérez',
      email: user.email,
      password: 'una-clave-segura',
    });
    expect(taken.status).toBe(409);
    const html = await taken.text();
    expect(html).toContain('value="Rosa Pérez"');
    expect(html).toContain(`value="${user.email}"`);
    expect(html).toContain('No pudimos crear tu cuenta');
    const short = await postForm(url, SIGN_UP, {
      full_name: 'Rosa Pérez',
      email: `nueva-${Date.now()}@ejemplo.cl`,
      password: 'corta',
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toMatch(/al menos/i);

    const ok = await postForm(url, SIGN_UP, {
      full_name: 'Rosa Pérez',
      email: `nueva-${Date.now()}@ejemplo.cl`,
      password: 'una-clave-segura',
    });
    expect(ok.status).toBe(303);
    expect(ok.headers.get('location')).toBe('/dashboard');
    expect(ok.headers.getSetCookie().some((c) => c.startsWith('impulsa_session='))).toBe(true);
  });

  it('forgot and reset password by form: the same answer for anyone, a mismatch in place, then /login', async () => {
    const { user } = await new ApiClient(url).register();
    const asked = await postForm(url, ASK_RESET, { email: user.email });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain('Si existe una cuenta con ese correo');
    const nobody = await postForm(url, ASK_RESET, {
      email: `nadie-${Date.now()}@ejemplo.cl`,
    });
    expect(await nobody.text()).toContain('Si existe una cuenta con ese correo');

    const token = new URL(resetLinkIn(await waitForMail(mailDir, user.email))).searchParams.get(
      'token',
    )!;
    const mismatch = await postForm(url, RESET, {
      token,
      password: 'la-nueva-clave',
      confirm: 'otra-clave-x',
    });
    expect(mismatch.status).toBe(400);
    const html = await mismatch.text();
    expect(html).toContain('Las contraseñas no coinciden.');
    expect(html).toContain(`value="${token}"`);
    const done = await postForm(url, RESET, {
      token,
      password: 'la-nueva-clave',
      confirm: 'la-nueva-clave',
    });
    expect(done.status).toBe(303);
    expect(done.headers.get('location')).toBe('/login');
    expect(
      (
        await new ApiClient(url).post('/api/users/login/', {
          email: user.email,
          password: 'la-nueva-clave',
        })
      ).status,
    ).toBe(200);
  });

  it('POST /api/users/logout/ as a form (before JavaScript): revokes the token, goes to /login', async () => {
    const { token } = await new ApiClient(url).register();
    const res = await postForm(url, '/api/users/logout/', {}, `impulsa_session=${token}`);
    expect(res.status).toBe(303);
    expect(res.headers.get('location')).toBe('/login');
    expect(
      res.headers
        .getSetCookie()
        .some(
          (c) => c.startsWith('impulsa_session=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
        ),
    ).toBe(true);
    expect((await new ApiClient(url).request('GET', '/api/users/me/', { token })).status).toBe(401);
    // Signed out already (a second click, an expired session): still /login, never an error.
    expect((await postForm(url, '/api/users/logout/', {})).status).toBe(303);
    // The JSON API keeps its contract.
    expect(
      (await new ApiClient(url).request('POST', '/api/users/logout/', { body: {} })).status,
    ).toBe(401);
  });
});
