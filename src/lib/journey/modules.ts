/**
 * THE list of product modules, in journey order. The navigation, the dashboard cards, the
 * landing page and the progress API all read it, so releasing a module is flipping its
 * `available` flag here (and giving it a progress part in `modules.server.ts`).
 */
import type { ModuleProgress } from '@/lib/progress';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { prose } from '@/lib/prose';

export interface ProductModule {
  /** Key in the progress API (`GET /api/users/me/progress/`). */
  key: 'canvas' | 'formalizacion' | 'productos' | 'sitio' | 'lecciones';
  /** Where the module lives; paths under it mark its navigation item as current. */
  href: string;
  /** Navigation label. */
  navLabel: string;
  /** Dashboard card title. */
  title: string;
  /** Dashboard card text. */
  description: string;
  cta: { start: string; resume: string };
  /** The landing page's card. */
  landing: { title: string; text: string; tag: string };
  /** False until the module is released: kept out of the navigation, shown as coming soon. */
  available: boolean;
}

export const MODULE_LIST = [
  {
    key: 'canvas',
    href: '/canvas',
    navLabel: 'Modelo de negocio',
    title: 'Modelo de negocio',
    description: 'Ordena tu idea en los nueve bloques del canvas, con ejemplos y una revisión.',
    cta: { start: 'Crear mi canvas', resume: 'Seguir con mi canvas' },
    landing: {
      title: 'Canvas de modelo de negocio',
      text: prose`Los nueve bloques, uno a la vez, con preguntas guía, ejemplos de pymes chilenas y
        una revisión que detecta lo que falta.`,
      tag: 'Idea',
    },
    available: true,
  },
  {
    key: 'formalizacion',
    href: '/modelo-de-negocio',
    navLabel: 'Formalización',
    title: 'Formación de empresa',
    description: 'Constituye tu SpA, EIRL o Ltda con una guía que revisa cada dato.',
    cta: { start: 'Constituir mi empresa', resume: 'Seguir con mi empresa' },
    landing: {
      title: 'Constitución de empresa',
      text: prose`SpA, EIRL o Ltda con formulario o conversación. Validamos RUT, comunas, giros del
        SII y porcentajes antes de enviar.`,
      tag: 'Empresa',
    },
    available: true,
  },
  {
    key: 'productos',
    href: '/productos',
    navLabel: 'Productos',
    title: 'Productos',
    description: 'Carga tu catálogo y comparte una página de venta para cada producto.',
    cta: { start: 'Agregar productos', resume: 'Ver mis productos' },
    landing: {
      title: 'Catálogo de productos',
      text: 'Carga tus productos con precio en pesos y comparte una página de venta para cada uno.',
      tag: 'Venta',
    },
    available: true,
  },
  {
    key: 'sitio',
    href: '/page-builder',
    navLabel: 'Sitio web',
    title: 'Sitio web',
    description: 'Arma tu sitio con bloques y publícalo con tu propio dominio.',
    cta: { start: 'Crear mi sitio', resume: 'Editar mi sitio' },
    landing: {
      title: 'Sitio web',
      text: 'Arma tu sitio con bloques, publícalo en un subdominio de Impulsa o en tu propio dominio.',
      tag: 'Sitio',
    },
    available: true,
  },
  {
    key: 'lecciones',
    href: '/videos',
    navLabel: 'Lecciones',
    title: 'Lecciones',
    description: 'Videos cortos para cada etapa de tu emprendimiento.',
    cta: { start: 'Ver lecciones', resume: 'Seguir aprendiendo' },
    landing: {
      title: 'Lecciones en video',
      text: 'Clases cortas para cada etapa: desde validar tu idea hasta emitir tu primera boleta.',
      tag: 'Aprende',
    },
    available: true,
  },
] as const satisfies readonly ProductModule[];

export type ModuleKey = ProductModule['key'];

/** The progress keys, in journey order. */
export const MODULES: readonly ModuleKey[] = MODULE_LIST.map((m) => m.key);

export interface UserProgress {
  modules: Record<ModuleKey, ModuleProgress>;
  /** How many modules are finished, of `total`. */
  completed: number;
  total: number;
  /** The lessons: how many were seen, of how many, and where the person is in each (docs/design.md §7). */
  lessons: {
    completed: number;
    total: number;
    items: Record<number, { position_seconds: number; completed: boolean; updated_at: string }>;
  };
}

export interface NavItem {
  href: string;
  label: string;
}

/** The signed-in navigation: the panel, every released module, and the orders after the products. */
export const APP_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Panel' },
  ...MODULE_LIST.filter((m) => m.available).flatMap((m) => [
    { href: m.href, label: m.navLabel },
    ...(m.key === 'productos' ? [{ href: ORDER_PATHS.list, label: 'Órdenes' }] : []),
  ]),
];

/** True when `pathname` is inside the item's section. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return pathname === item.href || pathname.startsWith(item.href + '/');
}

/** The landing page's shelf label for a module: its tag, or "Muy pronto" until released. */
export function landingTag(module: ProductModule): string {
  return module.available ? module.landing.tag : 'Muy pronto';
}
