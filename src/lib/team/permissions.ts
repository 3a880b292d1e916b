/**
 * What a shop's members may do (issue 67), pure: separable permissions, the roles as presets over
 * them, and the owner, who may do everything. Checked on the server for every route
 * (`routing/team-rules.ts`) and inside the services where one route does several things (a move
 * to «pagado» or «cancelado», a price in a product's edit).
 */

export const PERMISSIONS = [
  'orders',
  'sell',
  'catalog',
  'mark_paid',
  'cancel_refund',
  'edit_prices',
  'discounts',
  'export',
  'data_requests',
  'sites',
  'figures',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** How the owner reads each permission on /equipo. */
export const PERMISSION_LABELS: Record<Permission, string> = {
  orders: 'Ver y mover órdenes, crear envíos',
  sell: 'Ventas manuales y en persona',
  catalog: 'Productos, fotos, stock y categorías',
  mark_paid: 'Marcar una transferencia como pagada',
  cancel_refund: 'Cancelar órdenes y devolver dinero',
  edit_prices: 'Cambiar precios',
  discounts: 'Códigos de descuento',
  export: 'Ver y exportar clientes y órdenes (CSV)',
  data_requests: 'Responder solicitudes de datos personales',
  sites: 'Sitio web y páginas',
  figures: 'Cifras de la tienda',
};

export const ROLES = ['ventas', 'catalogo'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_NAMES: Record<Role | 'owner', string> = {
  owner: 'Dueño',
  ventas: 'Ventas y despacho',
  catalogo: 'Catálogo',
};

/** Each role's preset: what ticking the role alone grants. Never money or prices. */
export const ROLE_PRESETS: Record<Role, readonly Permission[]> = {
  ventas: ['orders', 'sell'],
  catalogo: ['catalog'],
};

/** Who works in a shop: its owner, or a member with these permissions. */
export type ShopActor =
  { kind: 'owner' } | { kind: 'member'; role: Role; permissions: ReadonlySet<Permission> };

export const OWNER: ShopActor = { kind: 'owner' };

/** Whether the actor may do what `permission` covers; the owner may do everything. */
export function can(actor: ShopActor, permission: Permission): boolean {
  return actor.kind === 'owner' || actor.permissions.has(permission);
}

/** A member's permissions from stored values: unknown names dropped, the role's preset always in. */
export function memberPermissions(role: Role, stored: readonly string[]): Set<Permission> {
  const known = stored.filter((p): p is Permission =>
    (PERMISSIONS as readonly string[]).includes(p),
  );
  return new Set([...ROLE_PRESETS[role], ...known]);
}

export const isRole = (v: unknown): v is Role => (ROLES as readonly unknown[]).includes(v);

/** The shop a session works in, from its stored membership (null: the person's own). */
export function shopOf(
  userId: number,
  membership: { shopId: number; role: string; permissions: string[] } | null,
): { id: number; actor: ShopActor } {
  if (!membership || !isRole(membership.role)) return { id: userId, actor: OWNER };
  const { role } = membership;
  return {
    id: membership.shopId,
    actor: { kind: 'member', role, permissions: memberPermissions(role, membership.permissions) },
  };
}

/** A member's first page in the shop: the order book, or the catalogue for a catalogue role. */
export function memberHome(actor: { permissions: ReadonlySet<string> }): string {
  if (actor.permissions.has('orders')) return '/ordenes';
  if (actor.permissions.has('catalog')) return '/productos';
  return '/perfil';
}
