/**
 * Impulsa's own terms and privacy policy (issue 48): public pages without script, linked where a
 * person creates an account, and the version accepted recorded when they register, by the API or
 * the form. On PGlite and PostgreSQL.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { PLATFORM_CONTROLLER, PLATFORM_LEGAL_VERSION } from '@/lib/legal/platform';
import { openDatabase } from '@/lib/server/db/client';
import { acceptTerms, ApiClient, postForm, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import { ROOT, startServer, tempDir } from '../../support/server';
import { claimServers } from '../../support/claims';

const servers = claimServers();

describe.each(servers)('Impulsa’s legal pages on $kind', ({ url }) => {
  it.each([
    ['/terminos', 'Términos de uso'],
    ['/privacidad', 'Política de privacidad'],
  ])('%s is public, without script, dated, and kept in the render cache', async (page, title) => {
    const first = await fetch(url + page);
    expect(first.status).toBe(200);
    const html = await first.text();
    expect(html).toContain(`<h1 class="text-3xl font-bold text-ink-900">${title}</h1>`);
    expect(html).toContain('Versión del 1 de diciembre de 2026');
    expect(html).toContain(PLATFORM_CONTROLLER.rut);
    expect(html).not.toMatch(/<script/i);
    expect((await fetch(url + page)).headers.get('x-render-cache')).toBe('hit');
  });

  it('the privacy policy names every right, the term to answer, and the Agencia', async () => {
    const html = await (await fetch(`${url}/privacidad`)).text();
    for (const words of [
      'acceso, rectificación, supresión, oposición, portabilidad y bloqueo',
      '15 días hábiles',
      'Agencia de Protección de Datos Personales',
      'Ley 21.719',
      PLATFORM_CONTROLLER.privacyEmail,
    ])
      expect(html).toContain(words);
  });

  it('the sign-up page, the app footer and the sign-in pages link both', async () => {
    for (const page of ['/registrate', '/landing', '/login']) {
      const html = await (await fetch(url + page)).text();
      expect(html, page).toContain('href="/terminos"');
      expect(html, page).toContain('href="/privacidad"');
    }
    expect(await (await fetch(`${url}/registrate`)).text()).toContain(
      '(versión del 1 de diciembre de 2026)',
    );
  });
});

describe.concurrent('the version accepted by registering', () => {
  it.each(ENGINES)(
    '$kind: recorded with its time, by the API and by the form',
    async ({ kind, database }) => {
      const db = await database();
      const dataDir = tempDir();
      const server = await startServer({ ...db.env, DATA_DIR: dataDir });
      const byApi = uniqueEmail('terminos-api');
      const byForm = uniqueEmail('terminos-form');
      try {
        const registered = await new ApiClient(server.url).register({ email: byApi });
        expect(registered.user.email).toBe(byApi);
        const posted = await postForm(server.url, '/registrate?_action=accounts.signUp', {
          full_name: 'Rosa Díaz',
          email: byForm,
          password: 'una-contraseña-larga',
        });
        expect(posted.status).toBe(303);
      } finally {
        expect(await server.stop()).toBe(0);
      }
      // PGlite's folder opens once its server has stopped.
      const handle = await openDatabase(
        kind === 'postgres'
          ? { databaseUrl: db.env.DATABASE_URL! }
          : { pgliteDir: path.join(dataDir, 'pglite') },
      );
      try {
        const result: unknown = await handle.db.execute(sql`
          select email, terms_version, terms_accepted_at > now() - interval '5 minutes' as recent
          from users where email in (${byApi}, ${byForm}) order by email`);
        const rows = (result as { rows?: unknown[] }).rows ?? (result as unknown[]);
        expect(rows).toEqual([
          { email: byApi, terms_version: PLATFORM_LEGAL_VERSION, recent: true },
          { email: byForm, terms_version: PLATFORM_LEGAL_VERSION, recent: true },
        ]);
      } finally {
        await handle.close();
        await db.drop();
      }
    },
    90_000,
  );
});

describe.concurrent('an account that has not accepted the terms in force', () => {
  it.each(ENGINES)(
    '$kind: is asked before any page of the app, keeps its API, and goes on once it accepts',
    async ({ database }) => {
      const db = await database();
      const env = { ...db.env, DATA_DIR: tempDir() };
      // An operator adds a staff member: nobody registered, so nothing was accepted.
      const email = uniqueEmail('sin-terminos');
      await promisify(execFile)(
        process.execPath,
        ['scripts/staff-add.mjs', email, '--name', 'Equipo', '--password', 'una-clave-larga'],
        { cwd: ROOT, env: { ...process.env, ...env } },
      );
      const server = await startServer(env);
      try {
        const api = new ApiClient(server.url);
        const login = await api.post('/api/users/login/', {
          email,
          password: 'una-clave-larga',
        });
        const { token } = login.body as { token: string };
        const asBrowser = {
          useCookies: false,
          headers: { Accept: 'text/html', Cookie: `impulsa_session=${token}` },
        };
        // Spec §5's API is not held back; a page is, and the texts stay open.
        expect((await api.get('/api/users/me/', { token })).status).toBe(200);
        const asked = await api.get('/perfil?desde=correo', asBrowser);
        expect([asked.status, asked.headers.get('location')]).toEqual([302, '/terminos/aceptar']);
        expect((await api.get('/privacidad', asBrowser)).status).toBe(200);
        // As a browser follows it, with the page asked for kept as intended: no loop.
        const intended = asked.headers.getSetCookie()[0]!.split(';')[0]!;
        const withIntended = {
          useCookies: false,
          headers: { Accept: 'text/html', Cookie: `impulsa_session=${token}; ${intended}` },
        };
        const page = await api.get('/terminos/aceptar', withIntended);
        expect(page.status).toBe(200);
        expect(String(page.body)).toContain('Acepto los términos y la política de privacidad');

        await acceptTerms(server.url, token);
        const after = await api.get('/dashboard', withIntended);
        expect([after.status, after.headers.get('location')]).toEqual([
          302,
          '/perfil?desde=correo',
        ]);
        expect((await api.get('/dashboard', asBrowser)).status).toBe(200);
        expect(String((await api.get('/terminos/aceptar', asBrowser)).body)).toContain(
          'Ya aceptaste la versión del 1 de diciembre de 2026',
        );
      } finally {
        await server.stop();
        await db.drop();
      }
    },
    90_000,
  );
});
