/**
 * A seller connects her own courier accounts (issue 65): Shipit saved with its token sealed and
 * never sent back, checked with the local Shipit at once, «Probar conexión», a stale version → 409,
 * another seller reads nothing, an unknown courier is a 404, and disconnecting forgets it; Starken
 * with its token and optional agency; Chilexpress with its two keys, each kept when left empty.
 */
import { describe, expect, it } from 'vitest';
import { claimServers } from '../../support/claims';
import { ApiClient } from '../../support/http';
import { CHILEXPRESS_COVERAGE_KEY, CHILEXPRESS_RATING_KEY } from '../../support/chilexpress';
import { SHIPIT_EMAIL, SHIPIT_TOKEN } from '../../support/shipit';
import { STARKEN_TOKEN } from '../../support/starken';

const servers = claimServers();
const PATH = '/api/store/shipping/shipit/';

async function seller(url: string) {
  const api = new ApiClient(url);
  const { token } = await api.register();
  return { api, as: { token } };
}

describe.each(servers)('shipping accounts on $kind', ({ url }) => {
  it('saves and checks a Shipit account; the token never comes back', async () => {
    const { api, as } = await seller(url);
    expect((await api.get(PATH, as)).body).toEqual({
      provider: 'shipit',
      configured: false,
      email: null,
      agency: null,
      token_hint: null,
      check: null,
      checked_at: null,
      quote_failed_at: null,
      version: 0,
    });
    const saved = await api.put(
      PATH,
      { email: SHIPIT_EMAIL.toUpperCase(), token: SHIPIT_TOKEN, version: 0 },
      as,
    );
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({
      configured: true,
      email: SHIPIT_EMAIL,
      token_hint: `••••${SHIPIT_TOKEN.slice(-4)}`,
      check: 'ok',
      version: 1,
    });
    expect(JSON.stringify(saved.body)).not.toContain(SHIPIT_TOKEN);
    const checked = await api.post(`${PATH}check/`, {}, as);
    expect(checked.body).toEqual({
      result: 'ok',
      title: 'Shipit aceptó tu cuenta',
      description: 'Con Shipit cotizaremos el despacho de tus pedidos y crearás sus etiquetas.',
    });
    // A new token Shipit does not know: saved, and said to be rejected.
    const wrong = await api.put(PATH, { email: SHIPIT_EMAIL, token: 'otro-token', version: 1 }, as);
    expect(wrong.body).toMatchObject({ check: 'rejected', token_hint: '••••oken', version: 2 });
    // The e-mail alone, an empty token: the stored token stays.
    const kept = await api.put(PATH, { email: SHIPIT_EMAIL, token: '', version: 2 }, as);
    expect(kept.body).toMatchObject({ check: 'rejected', token_hint: '••••oken', version: 3 });
  });

  it('refuses in Spanish, 409s a stale version, 404s another courier, and disconnects', async () => {
    const { api, as } = await seller(url);
    const missing = await api.put(PATH, { email: 'no-es-correo', version: 0 }, as);
    expect(missing.status).toBe(400);
    expect(missing.body.errors.email).toEqual([
      'Escribe el correo con que entras a Shipit, por ejemplo tienda@correo.cl.',
    ]);
    const noToken = await api.put(PATH, { email: SHIPIT_EMAIL, version: 0 }, as);
    expect(noToken.status).toBe(400);
    expect(noToken.body.errors.token).toEqual(['Escribe el token de tu cuenta Shipit.']);
    expect((await api.post(`${PATH}check/`, {}, as)).status).toBe(400);
    await api.put(PATH, { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN, version: 0 }, as);
    const stale = await api.put(PATH, { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN, version: 0 }, as);
    expect(stale.status).toBe(409);
    expect(stale.body.current).toMatchObject({ configured: true, version: 1 });
    expect((await api.get('/api/store/shipping/dhl/', as)).status).toBe(404);
    // Another seller sees none of it.
    const other = await seller(url);
    expect((await other.api.get(PATH, other.as)).body).toMatchObject({ configured: false });
    const gone = await api.request('DELETE', PATH, { ...as, body: { version: 1 } });
    expect(gone.body).toMatchObject({ configured: false, version: 0 });
    expect((await api.get(PATH, as)).body).toMatchObject({ configured: false });
  });

  it('connects Starken with its token and agency, and Chilexpress with its two keys', async () => {
    const { api, as } = await seller(url);
    const starken = await api.put(
      '/api/store/shipping/starken/',
      { agency: '7001', token: STARKEN_TOKEN, version: 0 },
      as,
    );
    expect(starken.body).toMatchObject({
      provider: 'starken',
      email: null,
      agency: '7001',
      token_hint: `••••${STARKEN_TOKEN.slice(-4)}`,
      check: 'ok',
    });
    const badAgency = await api.put(
      '/api/store/shipping/starken/',
      { agency: 'A-1', version: 1 },
      as,
    );
    expect(badAgency.body.errors.agency).toEqual([
      'El código de agencia son solo números, por ejemplo 1001.',
    ]);
    const CX = '/api/store/shipping/chilexpress/';
    const half = await api.put(CX, { rating_key: CHILEXPRESS_RATING_KEY, version: 0 }, as);
    expect(half.status).toBe(400);
    expect(half.body.errors.coverage_key).toEqual([
      'Escribe las dos claves de Chilexpress: la del Cotizador y la de Coberturas.',
    ]);
    const both = await api.put(
      CX,
      { rating_key: CHILEXPRESS_RATING_KEY, coverage_key: 'equivocada', version: 0 },
      as,
    );
    expect(both.body).toMatchObject({ check: 'rejected', version: 1 });
    // Only the coverage key typed again: the stored rating key stays.
    const fixed = await api.put(CX, { coverage_key: CHILEXPRESS_COVERAGE_KEY, version: 1 }, as);
    expect(fixed.body).toMatchObject({
      check: 'ok',
      token_hint: `••••${CHILEXPRESS_RATING_KEY.slice(-4)}`,
      version: 2,
    });
    expect(JSON.stringify(fixed.body)).not.toContain(CHILEXPRESS_COVERAGE_KEY);
    expect((await api.post(`${CX}check/`, {}, as)).body.result).toBe('ok');
  });
});
