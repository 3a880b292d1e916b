/**
 * Impulsa's own terms and privacy policy (issue 48): public pages without script, linked where a
 * person creates an account, and the version accepted recorded when they register, by the API or
 * the form. On PGlite and PostgreSQL.
 */
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, inject, it } from 'vitest';
import { PLATFORM_CONTROLLER, PLATFORM_LEGAL_VERSION } from '@/lib/legal/platform';
import { openDatabase } from '@/lib/server/db/client';
import { ApiClient, postForm, uniqueEmail } from '../../support/http';
import { ENGINES } from '../../support/postgres';
import { startServer, tempDir } from '../../support/server';

const servers = inject('servers');

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
