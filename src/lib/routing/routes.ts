/**
 * The app's page routes (spec §2) as patterns, so the guard can tell a real page from an
 * unknown one, and which pages need no account.
 */
import { BUSINESS_TYPES, type BusinessType } from '../formation/business-type.ts';

/** Form steps of each company type (spec §2). */
export const FORMATION_STEPS: Record<BusinessType, readonly string[]> = {
  spa: ['01-nombra-tu-empresa', '02-domicilios', '03-giro', '04-capital', '05-administracion-y-acuerdos', '06-explotar-giro', '07-individualizar', '08-participacion'],
  ltda: ['01-nombra-tu-empresa', '02-domicilios', '03-giro', '04-capital', '05-administracion-y-acuerdos', '06-explotar-giro', '07-individualizar', '08-participacion'],
  eirl: ['01-nombra-tu-empresa', '02-domicilios', '03-giro', '04-capital', '05-individualizar'],
};

/** The nine canvas sections (spec §2). */
export const CANVAS_SECTIONS = [
  'canales',
  'socios-clave',
  'recursos-clave',
  'actividades-clave',
  'flujo-de-ingresos',
  'propuesta-de-valor',
  'estructura-de-costos',
  'segmento-de-clientes',
  'relacion-con-clientes',
] as const;

/** Pages anyone may open (spec §2). */
export const PUBLIC_ROUTES = [
  '/',
  '/landing',
  '/login',
  '/login/forgot-password',
  '/auth/google',
  '/login/oauth-success',
  '/login/reset-password',
  '/registrate',
] as const;

/** Public pages that only make sense signed out: a signed-in user goes to /dashboard. */
export const PUBLIC_AUTH_ROUTES = ['/login', '/registrate', '/login/forgot-password', '/login/reset-password'] as const;

/** Normalises a pathname: no trailing slash (except `/`). */
export function normalizePath(pathname: string): string {
  return pathname.length > 1 ? pathname.replace(/\/+$/, '') || '/' : pathname;
}

/** True for the public routes and anything under /page-builder/_render. */
export function isPublicRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return (PUBLIC_ROUTES as readonly string[]).includes(path) || path.startsWith('/page-builder/_render');
}

/** True for the routes a signed-in user is sent away from. */
export function isPublicAuthRoute(pathname: string): boolean {
  return (PUBLIC_AUTH_ROUTES as readonly string[]).includes(normalizePath(pathname));
}

const SEGMENT = '[^/]+';
const typeAlt = BUSINESS_TYPES.join('|');
const KNOWN: RegExp[] = [
  ...PUBLIC_ROUTES.map((p) => new RegExp(`^${p.replace(/\//g, '\\/')}$`)),
  /^\/perfil$/,
  /^\/categorias$/,
  /^\/dashboard$/,
  new RegExp(`^/dashboard/formalizacion/${SEGMENT}$`),
  /^\/canvas$/,
  /^\/canvas\/iniciar$/,
  new RegExp(`^/canvas/${SEGMENT}/(resumen|revisar)$`),
  new RegExp(`^/canvas/${SEGMENT}/seccion/(${CANVAS_SECTIONS.join('|')})$`),
  /^\/videos$/,
  new RegExp(`^/videos/${SEGMENT}$`),
  /^\/productos$/,
  /^\/productos\/nuevo$/,
  new RegExp(`^/productos/${SEGMENT}$`),
  new RegExp(`^/shop/${SEGMENT}$`),
  /^\/page-builder$/,
  new RegExp(`^/page-builder/site/${SEGMENT}$`),
  new RegExp(`^/page-builder/editor(/${SEGMENT})?$`),
  new RegExp(`^/page-builder/_render/${SEGMENT}$`),
  /^\/modelo-de-negocio$/,
  /^\/modelo-de-negocio\/formulario-enviado$/,
  new RegExp(`^/modelo-de-negocio/(${typeAlt})$`),
  new RegExp(`^/modelo-de-negocio/(${typeAlt})/(chat|revision)$`),
  ...BUSINESS_TYPES.map((t) => new RegExp(`^/modelo-de-negocio/${t}/(${FORMATION_STEPS[t].join('|')})$`)),
];

/** True when `pathname` is one of the app's pages (whatever its parameters' values). */
export function isKnownRoute(pathname: string): boolean {
  const path = normalizePath(pathname);
  return KNOWN.some((re) => re.test(path));
}
