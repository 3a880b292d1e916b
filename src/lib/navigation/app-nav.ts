/** The signed-in app's main navigation: the product's modules, in journey order. */
export interface NavItem {
  href: string;
  label: string;
  /** Paths under this prefix mark the item as current. */
  match: string;
}

export const APP_NAV: readonly NavItem[] = [
  { href: '/dashboard', label: 'Panel', match: '/dashboard' },
  { href: '/canvas', label: 'Modelo de negocio', match: '/canvas' },
  { href: '/modelo-de-negocio', label: 'Formalización', match: '/modelo-de-negocio' },
  { href: '/productos', label: 'Productos', match: '/productos' },
  { href: '/page-builder', label: 'Sitio web', match: '/page-builder' },
  { href: '/videos', label: 'Lecciones', match: '/videos' },
];

/** True when `pathname` is inside the item's section. */
export function isCurrent(item: NavItem, pathname: string): boolean {
  return pathname === item.match || pathname.startsWith(item.match + '/');
}
