/**
 * Every guard rule of docs/spec.md §2 as a table: every route, signed in and out, with and
 * without intended route and quick start.
 */
import { describe, expect, it } from 'vitest';
import { decideGuard, type GuardDecision } from '@/lib/routing/guard';
import { isPublicRoute, isTenantPublicPath } from '@/lib/routing/routes';
import { CANVAS_SECTIONS } from '@/lib/canvas/sections';
import { FORMATION_STEPS } from '@/lib/formation/steps';

// `/shop/{productId}` is public (docs/design.md §7): it is the link a seller shares.
const PUBLIC = [
  '/landing',
  '/login',
  '/login/forgot-password',
  '/auth/google',
  '/login/oauth-success',
  '/login/reset-password',
  '/registrate',
  '/page-builder/_render/mi-sitio',
  '/shop/3',
  '/pay',
  '/pay/return',
  '/pay/orden/abc',
  '/tienda/12/terminos',
  '/terminos',
  '/privacidad',
  '/privacidad/preferencias',
];
const PUBLIC_AUTH = ['/login', '/registrate', '/login/forgot-password', '/login/reset-password'];
const GUARDED = [
  '/perfil',
  '/categorias',
  '/canvas',
  '/canvas/iniciar',
  '/canvas/12/resumen',
  '/canvas/12/revisar',
  ...CANVAS_SECTIONS.map((s) => `/canvas/12/seccion/${s}`),
  '/videos',
  '/videos/como-validar-tu-idea',
  '/dashboard',
  '/dashboard/formalizacion/7',
  '/productos',
  '/productos/nuevo',
  '/productos/3',
  '/page-builder',
  '/page-builder/site/4',
  '/page-builder/editor',
  '/page-builder/editor/4',
  '/modelo-de-negocio',
  '/modelo-de-negocio/formulario-enviado',
  ...(['spa', 'eirl', 'ltda'] as const).flatMap((t) => [
    `/modelo-de-negocio/${t}`,
    `/modelo-de-negocio/${t}/chat`,
    `/modelo-de-negocio/${t}/revision`,
    ...FORMATION_STEPS[t].map((s) => `/modelo-de-negocio/${t}/${s}`),
  ]),
];
/** Paths no page answers (Astro matched none, or the parameters are not the feature's vocabulary). */
const UNKNOWN = [
  '/nada',
  '/canvas/12/seccion/no-existe',
  '/modelo-de-negocio/sa',
  '/modelo-de-negocio/eirl/06-explotar-giro',
  '/modelo-de-negocio/spa/09-extra',
  '/perfil/otra',
  '/shop/a/b',
];

/** The guard as the middleware calls it on the main domains; a path is a page unless listed in UNKNOWN. */
const decide = (
  pathname: string,
  over: Partial<Parameters<typeof decideGuard>[0]> = {},
): GuardDecision =>
  decideGuard({
    host: 'main',
    pathname,
    pathWithSearch: pathname,
    routeExists: !UNKNOWN.includes(pathname),
    isAuthenticated: false,
    intendedRoute: null,
    quickStartPending: false,
    ...over,
  });

describe('route table', () => {
  it.each(PUBLIC)('%s is public', (p) => expect(isPublicRoute(p)).toBe(true));
  it.each(GUARDED)('%s is guarded', (p) => expect(isPublicRoute(p)).toBe(false));
  it('trailing slashes do not matter', () => expect(isPublicRoute('/login/')).toBe(true));
});

describe('on a site host (custom domain, subdomain or preview): docs/spec.md §2', () => {
  const TENANT_PUBLIC = [
    '/',
    '/shop',
    '/shop/',
    '/config',
    '/pay',
    '/shop/torta-de-mil-hojas',
    '/shop/42',
    '/legal/terminos',
  ];
  const TENANT_HIDDEN = [
    '/dashboard',
    '/login',
    '/registrate',
    '/perfil',
    '/api/users/me',
    '/shop/a/b',
    '/page-builder',
    '/landing',
    '/pay/otra',
    '/configuracion',
    '/legal/terminos/otra',
  ];
  it.each(TENANT_PUBLIC)('%s is public', (p) => {
    expect(isTenantPublicPath(p)).toBe(true);
    for (const isAuthenticated of [false, true])
      expect(decide(p, { host: 'tenant', isAuthenticated })).toEqual({ action: 'next' });
  });

  it.each(TENANT_HIDDEN)(
    '%s is not found: a site never reaches the app, nor sends anyone to sign in',
    (p) => {
      expect(isTenantPublicPath(p)).toBe(false);
      for (const isAuthenticated of [false, true]) {
        expect(
          decide(p, {
            host: 'tenant',
            isAuthenticated,
            intendedRoute: '/perfil',
            quickStartPending: true,
          }),
        ).toEqual({ action: 'notFound' });
      }
    },
  );
  it("the site's own pages are public too", () => {
    expect(decide('/nosotros', { host: 'tenant', sitePages: ['/', '/nosotros'] })).toEqual({
      action: 'next',
    });
    expect(decide('/nosotros', { host: 'tenant', sitePages: ['/'] })).toEqual({
      action: 'notFound',
    });
  });
});

describe('/ is left alone', () => {
  it.each([
    [false, null, false],
    [true, null, false],
    [true, '/perfil', false],
    [false, null, true],
  ] as const)(
    'signed in %s, intended %s, quick start %s',
    (isAuthenticated, intendedRoute, quickStartPending) => {
      expect(decide('/', { isAuthenticated, intendedRoute, quickStartPending })).toEqual({
        action: 'next',
      });
    },
  );
});

describe('signed out', () => {
  it.each(PUBLIC)('%s: public, goes through', (p) => expect(decide(p)).toEqual({ action: 'next' }));
  it.each(PUBLIC)('%s: public, goes through with a quick start pending', (p) =>
    expect(decide(p, { quickStartPending: true })).toEqual({ action: 'next' }),
  );
  it.each(GUARDED)('%s: saved as intended, then /login', (p) =>
    expect(decide(p)).toEqual({ action: 'redirect', to: '/login', saveIntended: p }),
  );
  it.each(GUARDED)('%s: saved as intended, then /registrate when a quick start is pending', (p) =>
    expect(decide(p, { quickStartPending: true })).toEqual({
      action: 'redirect',
      to: '/registrate',
      saveIntended: p,
    }),
  );
  it.each(UNKNOWN)('%s: unknown, goes to /login without saving it', (p) => {
    expect(decide(p)).toEqual({ action: 'redirect', to: '/login' });
    expect(decide(p, { quickStartPending: true })).toEqual({ action: 'redirect', to: '/login' });
  });

  it.each(['/backoffice', '/backoffice/empresas/3'])(
    '%s: the back office signed out is answered as an unknown page',
    (p) => {
      expect(decide(p)).toEqual({ action: 'redirect', to: '/login' });
      expect(decide(p, { quickStartPending: true })).toEqual({ action: 'redirect', to: '/login' });
    },
  );
  it('keeps the query string of the intended route', () => {
    expect(decide('/productos', { pathWithSearch: '/productos?page=2' })).toEqual({
      action: 'redirect',
      to: '/login',
      saveIntended: '/productos?page=2',
    });
  });
});

describe('signed in, no intended route', () => {
  const signedIn = { isAuthenticated: true };
  it.each(PUBLIC_AUTH)('%s: public auth route, goes to /dashboard', (p) =>
    expect(decide(p, signedIn)).toEqual({ action: 'redirect', to: '/dashboard' }),
  );
  it.each(['/landing', '/auth/google', '/login/oauth-success', '/page-builder/_render/x'])(
    '%s: public, not an auth route, goes through',
    (p) => expect(decide(p, signedIn)).toEqual({ action: 'next' }),
  );
  it.each(GUARDED)('%s: goes through', (p) =>
    expect(decide(p, signedIn)).toEqual({ action: 'next' }),
  );
  it.each(UNKNOWN)('%s: unknown, 404', (p) =>
    expect(decide(p, signedIn)).toEqual({ action: 'notFound' }),
  );
});

describe('signed in with an intended route', () => {
  it.each([...GUARDED.filter((p) => p !== '/perfil'), ...PUBLIC])(
    'on %s: sent to the intended route, which is cleared',
    (p) => {
      expect(decide(p, { isAuthenticated: true, intendedRoute: '/perfil' })).toEqual({
        action: 'redirect',
        to: '/perfil',
        clearIntended: true,
      });
    },
  );
  it('arriving at the intended route clears it', () => {
    expect(decide('/perfil', { isAuthenticated: true, intendedRoute: '/perfil' })).toEqual({
      action: 'next',
      clearIntended: true,
    });
  });

  it('keeps the query string', () => {
    expect(
      decide('/dashboard', { isAuthenticated: true, intendedRoute: '/productos?page=2' }),
    ).toEqual({ action: 'redirect', to: '/productos?page=2', clearIntended: true });
  });

  it.each(['/', '/login', '/landing', '/page-builder/_render/x'])(
    'an intended route that is / or public (%s) is ignored and cleared',
    (intended) => {
      expect(decide('/dashboard', { isAuthenticated: true, intendedRoute: intended })).toEqual({
        action: 'next',
        clearIntended: true,
      });
      expect(decide('/login', { isAuthenticated: true, intendedRoute: intended })).toEqual({
        action: 'redirect',
        to: '/dashboard',
        clearIntended: true,
      });
    },
  );
  it.each([
    '//evil.com',
    '/\\evil.com',
    '%2F%2Fevil.com',
    '/%2F/evil.com',
    '/%5Cevil.com',
    'javascript:alert(1)',
    'https://evil.com/x',
    '/%252F%252Fevil.com',
  ])('an unsafe intended route (%s) never leaves the app', (intended) => {
    const decision = decide('/dashboard', { isAuthenticated: true, intendedRoute: intended });
    expect(decision).toEqual({ action: 'next', clearIntended: true });
  });
});

describe('signed in without the terms in force accepted (issue 48)', () => {
  const pending = { isAuthenticated: true, termsPending: true };
  it.each(GUARDED)('%s: asked first, and kept as intended', (p) =>
    expect(decide(p, pending)).toEqual({
      action: 'redirect',
      to: '/terminos/aceptar',
      saveIntended: p,
    }),
  );
  it.each(['/terminos/aceptar', '/terminos', '/privacidad', '/landing', '/shop/3', '/pay'])(
    '%s: goes through',
    (p) => expect(decide(p, pending)).toEqual({ action: 'next' }),
  );
  it('the question is answered before the page kept as intended, which follows after', () => {
    const intended = { ...pending, intendedRoute: '/productos?page=2' };
    expect(decide('/terminos/aceptar', intended)).toEqual({ action: 'next' });
    expect(
      decide('/dashboard', { isAuthenticated: true, intendedRoute: '/productos?page=2' }),
    ).toEqual({
      action: 'redirect',
      to: '/productos?page=2',
      clearIntended: true,
    });
  });

  it('keeps the query string of the page asked for', () => {
    expect(decide('/productos', { ...pending, pathWithSearch: '/productos?page=2' })).toEqual({
      action: 'redirect',
      to: '/terminos/aceptar',
      saveIntended: '/productos?page=2',
    });
  });

  it.each(UNKNOWN)('%s: unknown, still a 404', (p) =>
    expect(decide(p, pending)).toEqual({ action: 'notFound' }),
  );
});
