/** Site and page payloads (zod, docs/design.md §7 Sites and pages), shared by the forms and the API. */
import { z } from '@/lib/zod';
import { whatsappSchema } from '@/lib/shop/schemas';
import { BLOCK_TYPES } from '@/lib/sites/blocks';

export const SITE_NAME_MAX = 80;
export const PAGE_TITLE_MAX = 80;
export const PAGES_PER_SITE = 20;
/** A page's Puck document, serialised: generous for text, small enough to render fast. */
export const PAGE_DATA_MAX_BYTES = 200_000;
export const BLOCKS_PER_PAGE = 100;

/** DNS label rules: 3–63 characters, letters, digits and inner hyphens (docs/design.md §7). */
export const SUBDOMAIN_PATTERN = /^[a-z0-9](?:[a-z0-9-]{1,61}[a-z0-9])$/;

/** Labels a seller cannot take: ours, or ones people would mistake for ours. */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'app',
  'api',
  'admin',
  'staging',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'ns1',
  'ns2',
  'dns',
  'cdn',
  'static',
  'assets',
  'media',
  'sites',
  'site',
  'shop',
  'tienda',
  'pay',
  'pago',
  'pagos',
  'checkout',
  'webpay',
  'auth',
  'login',
  'cuenta',
  'dashboard',
  'panel',
  'soporte',
  'support',
  'help',
  'ayuda',
  'blog',
  'status',
  'dev',
  'test',
  'demo',
  'impulsa',
  'transbank',
  'sii',
]);

export const FONT_PAIRS = ['moderna', 'clasica', 'amable'] as const;
export type FontPair = (typeof FONT_PAIRS)[number];

const hexColor = z.string().regex(/^#[0-9a-f]{6}$/i, 'Usa un color como #4f46e5.');

export const themeSchema = z.object({
  primary: hexColor.default('#4f46e5'),
  background: hexColor.default('#ffffff'),
  font: z
    .enum(FONT_PAIRS, { error: 'Elige una de las combinaciones de letras.' })
    .default('moderna'),
});
export type SiteTheme = z.infer<typeof themeSchema>;

export const seoSchema = z.object({
  title: z
    .string()
    .trim()
    .max(70, 'El título para buscadores puede tener como máximo 70 caracteres.')
    .default(''),
  description: z
    .string()
    .trim()
    .max(160, 'La descripción para buscadores puede tener como máximo 160 caracteres.')
    .default(''),
  /** A media id of the seller's library; null: none. */
  image: z.number().int().positive().nullable().default(null),
});
export type SiteSeo = z.infer<typeof seoSchema>;

export const subdomainSchema = z
  .string({ error: 'Escribe el subdominio.' })
  .trim()
  .toLowerCase()
  .refine(
    (v) => SUBDOMAIN_PATTERN.test(v),
    'Usa de 3 a 63 letras minúsculas, números o guiones, sin guion al inicio ni al final.',
  )
  .refine((v) => !RESERVED_SUBDOMAINS.has(v), 'Ese subdominio está reservado. Elige otro.');

const siteName = z
  .string({ error: 'Escribe el nombre del sitio.' })
  .trim()
  .min(1, 'Escribe el nombre del sitio.')
  .max(SITE_NAME_MAX, `El nombre puede tener como máximo ${SITE_NAME_MAX} caracteres.`);

export const TEMPLATES = ['tienda', 'servicios', 'historia', 'en-blanco'] as const;
export type TemplateName = (typeof TEMPLATES)[number];

/** `POST /api/sites/`. */
export const siteCreateSchema = z.object({
  name: siteName,
  subdomain: subdomainSchema,
  template: z.enum(TEMPLATES, { error: 'Elige una plantilla.' }).default('tienda'),
});

/** `POST /api/canvases/{id}/site/`: the new site's address, and its name (default: the canvas's title). */
export const siteFromCanvasSchema = z.object({
  name: z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? undefined : v),
    siteName.optional(),
  ),
  subdomain: subdomainSchema,
});

/** `PATCH /api/sites/{id}/`: any field, and the version it was based on. */
export const sitePatchSchema = z.object({
  name: siteName.optional(),
  seo: seoSchema.partial().optional(),
  theme: themeSchema.partial().optional(),
  whatsapp: whatsappSchema.optional(),
  version: z.number({ error: 'Falta la versión del sitio.' }).int().min(0),
});

/** A page's path: `/` or lower-case segments (`/servicios`, `/sobre-nosotros`); not one the site serves itself. */
export const pagePathSchema = z
  .string({ error: 'Escribe la dirección de la página.' })
  .trim()
  .toLowerCase()
  .refine(
    (v) => v === '/' || /^(\/[a-z0-9](?:[a-z0-9-]{0,40}[a-z0-9])?){1,3}$/.test(v),
    'Usa una dirección como /servicios: minúsculas, números y guiones.',
  )
  .refine(
    (v) => !/^\/(shop|pay|config|media|sitemap\.xml|robots\.txt)(\/|$)/.test(v),
    'Esa dirección la usa tu sitio para la tienda o los pagos. Elige otra.',
  );

const component = z.object({
  type: z.enum(BLOCK_TYPES, { error: 'Hay un bloque desconocido en la página.' }),
  props: z.record(z.string(), z.unknown()).and(z.object({ id: z.string().min(1).max(100) })),
});

/** A Puck `Data` document: structure only; each block's props are cleaned by `cleanPageData`. */
export const puckDataSchema = z
  .object({
    root: z
      .object({ props: z.record(z.string(), z.unknown()).optional() })
      .passthrough()
      .default({ props: {} }),
    content: z
      .array(component)
      .max(BLOCKS_PER_PAGE, `Una página puede tener hasta ${BLOCKS_PER_PAGE} bloques.`)
      .default([]),
    zones: z.record(z.string(), z.array(component)).optional(),
  })
  .refine((d) => JSON.stringify(d).length <= PAGE_DATA_MAX_BYTES, 'La página es demasiado grande.');
export type PageData = z.infer<typeof puckDataSchema>;

const pageTitle = z
  .string({ error: 'Escribe el título de la página.' })
  .trim()
  .min(1, 'Escribe el título de la página.')
  .max(PAGE_TITLE_MAX, `El título puede tener como máximo ${PAGE_TITLE_MAX} caracteres.`);

/** `POST /api/sites/{id}/pages/`. */
export const pageCreateSchema = z.object({
  path: pagePathSchema,
  title: pageTitle,
  data: puckDataSchema.optional(),
});

/** `PUT /api/sites/{id}/pages/{pageId}/`. */
export const pagePutSchema = z.object({
  path: pagePathSchema.optional(),
  title: pageTitle.optional(),
  data: puckDataSchema,
  version: z.number({ error: 'Falta la versión de la página.' }).int().min(0),
});

/** `POST /api/sites/lookup_by_domain/` (docs/spec.md §7). */
export const lookupSchema = z.object({
  domain_type: z.enum(['subdomain', 'custom'], {
    error: 'domain_type debe ser subdomain o custom.',
  }),
  value: z.string({ error: 'Falta value.' }).trim().toLowerCase().min(1).max(253),
});

/** The API's 404 for a site that is not the caller's, or does not exist. */
export const SITE_NOT_FOUND = 'No encontramos ese sitio.';
