/** The signed-in app's main navigation: the product's modules, in journey order. */
export interface NavItem {
  href: string;
  label: string;
  /** Paths under this prefix mark the item as current. */
  match: string;
  /** False for modules not released yet: kept out of the navigation. */
  available: boolean;
}

const ALL_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Panel', match: '/dashboard', available: true },
  { href: '/canvas', label: 'Modelo de negocio', match: '/canvas', available: true },
  { href: '/modelo-de-negocio', label: 'Formalización', match: '/modelo-de-negocio', available: true },
  { href: '/productos', label: 'Productos', match: '/productos', available: false },
  { href: '/page-builder', label: 'Sitio web', match: '/page-builder', available: false },
  { href: '/videos', label: 'Lecciones', match: '/videos', available: false },
];

/** The navigation of released modules. */
export const APP_NAV: readonly NavItem[] = ALL_NAV.filter((item) => item.available);

/** True when `pathname` is inside the item's section. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return pathname === item.match || pathname.startsWith(item.match + '/');
}
