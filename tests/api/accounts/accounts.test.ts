import { describe, expect, inject, it } from 'vitest';
import { ApiClient, awayFromWindowEdge, uniqueEmail } from '../../support/http';
import { resetLinkIn, waitForMail } from '../../support/smtp';
import { claimServers } from '../../support/claims';

const servers = claimServers();
const mailDir = inject('mailDir');

describe.each(servers)('accounts on $kind', ({ url }) => {
  describe('register', () => {
    it('creates the account, answers {token, user}, and sets an HttpOnly session cookie', async () => {
      const api = new ApiClient(url);
      const email = uniqueEmail('Ana');
      const res = await api.post('/api/users/register/', {
        email: `  ${email.toUpperCase()} `,
        password: 'ñandú-añejo-🇨🇱',
        full_name: 'Ana Pérez',
      });
      expect(res.status).toBe(201);
      expect(res.body).toEqual({
        token: expect.any(String),
        user: {
          id: expect.any(Number),
          email: email.toLowerCase(),
          full_name: 'Ana Pérez',
          is_transbank_referral: false,
        },
      });
      expect(Buffer.from(res.body.token, 'base64url').length).toBeGreaterThanOrEqual(16);
      const cookie = res.headers.getSetCookie().find((c) => c.startsWith('impulsa_session='))!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(cookie).toMatch(/Path=\//);
      expect(cookie).not.toMatch(/Domain=/i);
    });

    it('refuses a taken email with 409, and invalid fields with 400 and Spanish field errors', async () => {
      const api = new ApiClient(url);
      const { user } = await api.register();
      const taken = await api.post('/api/users/register/', {
        email: user.email,
        password: 'otra-clave-1',
        full_name: 'Otra',
      });
      expect(taken.status).toBe(409);
      expect(taken.body.message).toMatch(/Ya existe una cuenta/);
      const bad = await api.post('/api/users/register/', {
        email: 'x',
        password: 'corta',
        full_name: '',
      });
      expect(bad.status).toBe(400);
      expect(Object.keys(bad.body.errors).sort()).toEqual(['email', 'full_name', 'password']);
      expect(bad.body.message).toBe('Revisa los datos enviados.');
    });

    it('malformed bodies are 4xx JSON, never 500', async () => {
      const api = new ApiClient(url);
      expect((await api.request('POST', '/api/users/register/', { raw: '{"email":' })).status).toBe(
        400,
      );
      expect((await api.request('POST', '/api/users/register/', { raw: '[]' })).status).toBe(400);
      expect((await api.request('POST', '/api/users/register/', { raw: 'null' })).status).toBe(400);
      expect(
        (
          await api.request('POST', '/api/users/register/', {
            raw: 'a=b',
            headers: { 'Content-Type': 'text/plain' },
          })
        ).status,
      ).toBe(415);
      expect((await api.get('/api/users/register/')).status).toBe(405);
    });

    it('caps auth bodies at 100 KB with 413', async () => {
      const api = new ApiClient(url);
      const res = await api.post('/api/users/login/', {
        email: 'a@b.cl',
        password: 'x'.repeat(150_000),
      });
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/demasiado grande/);
    });
  });

  describe('login, me, logout', () => {
    it('logs in with the password and reads the user with the token or the cookie', async () => {
      const api = new ApiClient(url);
      const { user, password } = await api.register();
      api.cookies.clear();
      const login = await api.post('/api/users/login/', {
        email: user.email.toUpperCase(),
        password,
      });
      expect(login.status).toBe(200);
      expect(login.body.user).toEqual(user);
      expect(
        (await api.get('/api/users/me/', { token: login.body.token, useCookies: false })).body,
      ).toEqual(user);
      expect((await api.get('/api/users/me/')).body).toEqual(user);
    });

    it('a wrong password or unknown email gives the same Spanish 400', async () => {
      const api = new ApiClient(url);
      const { user } = await api.register();
      const wrong = await api.post('/api/users/login/', {
        email: user.email,
        password: 'no-es-esta',
      });
      const unknown = await api.post('/api/users/login/', {
        email: uniqueEmail(),
        password: 'no-es-esta',
      });
      expect(wrong.status).toBe(400);
      expect(unknown.status).toBe(400);
      expect(wrong.body).toEqual({ message: 'El correo o la contraseña no son correctos.' });
      expect(unknown.body).toEqual(wrong.body);
    });

    it('GET /api/users/me/ without valid credentials is 401 with WWW-Authenticate: Token', async () => {
      const api = new ApiClient(url);
      for (const token of [undefined, 'no-existe']) {
        const res = await api.get('/api/users/me/', { token });
        expect(res.status).toBe(401);
        expect(res.headers.get('www-authenticate')).toBe('Token');
        expect(res.body.message).toMatch(/iniciar sesión/);
      }
    });

    it('logout answers {detail}, revokes the token and clears the cookie', async () => {
      const api = new ApiClient(url);
      const { token } = await api.register();
      const out = await api.post('/api/users/logout/', undefined, { token });
      expect(out.status).toBe(200);
      expect(out.body).toEqual({ detail: expect.any(String) });
      expect(
        out.headers
          .getSetCookie()
          .some(
            (c) =>
              c.startsWith('impulsa_session=') && /Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(c),
          ),
      ).toBe(true);
      expect((await api.get('/api/users/me/', { token, useCookies: false })).status).toBe(401);
      expect((await api.post('/api/users/logout/', undefined, { token })).status).toBe(401);
    });
  });

  describe('session endpoints', () => {
    it('GET /api/_auth/session: {user} with a cookie (never the token), {user: null} without', async () => {
      const api = new ApiClient(url);
      const { user, token } = await api.register();
      expect((await api.get('/api/_auth/session')).body).toEqual({ user });
      // A token in the header is an API client's, not a browser session.
      expect((await api.get('/api/_auth/session', { token, useCookies: false })).body).toEqual({
        user: null,
      });
      expect((await api.get('/api/_auth/session', { useCookies: false })).body).toEqual({
        user: null,
      });
      expect((await api.delete('/api/_auth/session')).body).toEqual({ user: null });
      expect((await api.get('/api/_auth/session')).body).toEqual({ user: null });
      expect((await api.get('/api/users/me/', { token, useCookies: false })).status).toBe(401);
      expect((await api.get('/api/_other/session')).status).toBe(404);
    });

    it('a browser signing in gets its session as the HttpOnly cookie only; an API client, the token', async () => {
      const browser = new ApiClient(url);
      const email = uniqueEmail('navegador');
      const browserHeaders = { 'Sec-Fetch-Site': 'same-origin', 'Sec-Fetch-Mode': 'cors' };
      const registered = await browser.post(
        '/api/users/register/',
        { email, password: 'clave-segura-123', full_name: 'Valentina Muñoz Rojas' },
        { headers: browserHeaders },
      );
      expect(registered.status).toBe(201);
      expect(registered.body).toEqual({ user: expect.objectContaining({ email }) });
      expect(registered.headers.get('set-cookie')).toMatch(/HttpOnly/i);
      expect((await browser.get('/api/users/me/')).body).toMatchObject({ email });

      const again = new ApiClient(url);
      const login = await again.post(
        '/api/users/login/',
        { email, password: 'clave-segura-123' },
        { headers: browserHeaders },
      );
      expect(login.status).toBe(200);
      expect(Object.keys(login.body)).toEqual(['user']);
      const client = await new ApiClient(url).post('/api/users/login/', {
        email,
        password: 'clave-segura-123',
      });
      expect(client.body.token).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    });
  });

  describe('profile, progress, referral', () => {
    it('PATCH /api/users/me/ changes the name; change-password checks the current one', async () => {
      const api = new ApiClient(url);
      const { token, password, user } = await api.register();
      expect(
        (await api.patch('/api/users/me/', { full_name: '  Camila Rojas ' }, { token })).body
          .full_name,
      ).toBe('Camila Rojas');
      expect((await api.patch('/api/users/me/', { full_name: '' }, { token })).status).toBe(400);
      const wrong = await api.post(
        '/api/users/me/change-password/',
        { current_password: 'nope', new_password: 'nueva-clave-1' },
        { token },
      );
      expect(wrong.status).toBe(400);
      expect(wrong.body.errors.current_password).toBeDefined();
      expect(
        (
          await api.post(
            '/api/users/me/change-password/',
            { current_password: password, new_password: 'nueva-clave-1' },
            { token },
          )
        ).status,
      ).toBe(200);
      expect(
        (await api.post('/api/users/login/', { email: user.email, password: 'nueva-clave-1' }))
          .status,
      ).toBe(200);
    });

    it('a password change signs out every other token and session of the account, and keeps this one', async () => {
      const here = new ApiClient(url);
      const { token, password, user } = await here.register();
      const phone = new ApiClient(url);
      const other = (await phone.post('/api/users/login/', { email: user.email, password })).body
        .token as string;
      const browser = new ApiClient(url);
      expect(
        (await browser.post('/api/users/login/', { email: user.email, password })).status,
      ).toBe(200);
      expect((await browser.get('/api/users/me/')).status).toBe(200);
      expect(
        (
          await here.post(
            '/api/users/me/change-password/',
            { current_password: password, new_password: 'otra-clave-2' },
            { token },
          )
        ).status,
      ).toBe(200);
      expect((await here.get('/api/users/me/', { token })).status).toBe(200);
      expect((await phone.get('/api/users/me/', { token: other, useCookies: false })).status).toBe(
        401,
      );
      expect((await browser.get('/api/users/me/')).status).toBe(401);
    });

    it('GET /api/users/me/progress/ returns {data} with every module', async () => {
      const api = new ApiClient(url);
      const { token } = await api.register();
      const res = await api.get('/api/users/me/progress/', { token });
      expect(res.status).toBe(200);
      expect(Object.keys(res.body.data.modules).sort()).toEqual([
        'canvas',
        'formalizacion',
        'lecciones',
        'productos',
        'sitio',
      ]);
      expect(res.body.data).toMatchObject({ completed: 0, total: 5 });
      expect((await api.get('/api/users/me/progress/', { useCookies: false })).status).toBe(401);
    });

    it('PATCH /api/users/me/set-transbank/ sets the flag and returns the status', async () => {
      const api = new ApiClient(url);
      const { token } = await api.register();
      const res = await api.patch('/api/users/me/set-transbank/', undefined, { token });
      expect(res.body).toEqual({ status: 'ok', is_transbank_referral: true });
      expect((await api.get('/api/users/me/', { token })).body.is_transbank_referral).toBe(true);
    });

    it('?source=contable.transbank sets the referral cookie; other codes are ignored', async () => {
      const good = await fetch(`${url}/landing?source=contable.transbank`);
      expect(good.headers.getSetCookie().find((c) => c.startsWith('impulsa_referral='))).toMatch(
        /^impulsa_referral=transbank/,
      );
      const bad = await fetch(`${url}/landing?source=otra.cosa`);
      expect(bad.headers.getSetCookie().some((c) => c.startsWith('impulsa_referral='))).toBe(false);
    });
  });

  describe('password reset', () => {
    it('answers the same whether or not the account exists, and mails a working single-use link', async () => {
      const api = new ApiClient(url);
      const { user, token: oldToken } = await api.register();
      const known = await api.post('/api/users/request-password-reset/', { email: user.email });
      const unknown = await api.post('/api/users/request-password-reset/', {
        email: uniqueEmail('nadie'),
      });
      expect(known.status).toBe(200);
      expect(unknown.body).toEqual(known.body);

      const mail = await waitForMail(mailDir, user.email);
      expect(mail).toContain('Recibimos una solicitud');
      const link = resetLinkIn(mail);
      expect(link.startsWith(`${url}/login/reset-password?token=`)).toBe(true);
      const token = new URL(link).searchParams.get('token')!;

      const short = await api.post('/api/users/reset-password/', { token, password: 'corta' });
      expect(short.status).toBe(400);
      const ok = await api.post('/api/users/reset-password/', {
        token,
        password: 'la-nueva-clave',
      });
      expect(ok.status).toBe(200);
      expect(ok.body.token).toBeUndefined();
      expect((await api.get('/api/users/me/', { token: oldToken, useCookies: false })).status).toBe(
        401,
      );
      const again = await api.post('/api/users/reset-password/', {
        token,
        password: 'otra-nueva-clave',
      });
      expect(again.status).toBe(400);
      expect(again.body.message).toMatch(/no es válido o ya expiró/);
      expect(
        (await api.post('/api/users/login/', { email: user.email, password: 'la-nueva-clave' }))
          .status,
      ).toBe(200);
    });
  });

  describe('cross-origin writes', () => {
    it('refuses cookie-authenticated unsafe requests from another origin, our tenant subdomains included', async () => {
      const api = new ApiClient(url);
      await api.register();
      for (const origin of [
        'http://evil.example',
        'http://tienda.impulsa.localhost:4321',
        'null',
      ]) {
        const res = await api.post('/api/users/logout/', undefined, {
          headers: { Origin: origin },
        });
        expect(res.status).toBe(403);
        expect(res.body.message).toMatch(/origen no permitido/);
      }
      const res = await api.patch(
        '/api/users/me/',
        { full_name: 'X Y' },
        { headers: { Origin: '', 'Sec-Fetch-Site': 'cross-site' } },
      );
      expect(res.status).toBe(403);
      expect((await api.get('/api/users/me/')).status).toBe(200);
    });

    it('lets a token-authenticated client through from anywhere', async () => {
      const api = new ApiClient(url);
      const { token } = await api.register();
      const res = await api.patch(
        '/api/users/me/',
        { full_name: 'Desde Otra App' },
        { token, useCookies: false, headers: { Origin: 'http://evil.example' } },
      );
      expect(res.status).toBe(200);
    });
  });

  describe('rate limits', () => {
    it('10 wrong passwords from one address for one account: 429 with Retry-After for that pair', async () => {
      await awayFromWindowEdge(15 * 60);
      const setup = new ApiClient(url);
      const { user, password } = await setup.register();
      const guesser = new ApiClient(url);
      for (let i = 0; i < 10; i++) {
        const res = await guesser.post('/api/users/login/', {
          email: user.email,
          password: 'equivocada',
        });
        expect(res.status).toBe(400);
      }
      const blocked = await guesser.post('/api/users/login/', { email: user.email, password });
      expect(blocked.status).toBe(429);
      expect(Number(blocked.headers.get('retry-after'))).toBeGreaterThan(0);
      expect(blocked.body.message).toMatch(/Demasiados intentos/);
      // (The account itself is not locked: password-spraying.test.ts.)
      expect(
        (await new ApiClient(url).post('/api/users/login/', { email: user.email, password }))
          .status,
      ).toBe(200);
    }, 60_000);

    it('login per IP: 50 attempts per window', async () => {
      await awayFromWindowEdge(15 * 60);
      const api = new ApiClient(url);
      let status = 0;
      let n = 0;
      while (status !== 429 && n < 60) {
        status = (await api.post('/api/users/login/', { email: uniqueEmail(), password: 'x' }))
          .status;
        n++;
      }
      expect(status).toBe(429);
      expect(n).toBe(51);
    }, 60_000);

    it('register per IP and reset per account are limited too', async () => {
      await awayFromWindowEdge(60 * 60);
      const api = new ApiClient(url);
      const statuses: number[] = [];
      for (let i = 0; i < 11; i++)
        statuses.push(
          (
            await api.post('/api/users/register/', {
              email: uniqueEmail(),
              password: 'una-clave-segura',
              full_name: 'Nombre Apellido',
            })
          ).status,
        );
      expect(statuses.slice(0, 10).every((s) => s === 201)).toBe(true);
      expect(statuses[10]).toBe(429);

      const taken = uniqueEmail('repetido');
      const attempts: number[] = [];
      for (let i = 0; i < 6; i++)
        attempts.push(
          (
            await new ApiClient(url).post('/api/users/register/', {
              email: taken,
              password: 'una-clave-segura',
              full_name: 'Nombre Apellido',
            })
          ).status,
        );
      expect(attempts).toEqual([201, 409, 409, 409, 409, 429]);

      const email = uniqueEmail('reset');
      const resets: number[] = [];
      for (let i = 0; i < 6; i++)
        resets.push(
          (await new ApiClient(url).post('/api/users/request-password-reset/', { email })).status,
        );
      expect(resets).toEqual([200, 200, 200, 200, 200, 429]);
    }, 60_000);
  });
});
