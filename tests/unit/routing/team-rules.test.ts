/**
 * Issue 67's guard as a table: every page and endpoint under `src/pages` and every form action in
 * `src/actions` has a rule (a new route without one fails here), and each role reaches what its
 * permissions say and nothing of the owner's: formation, money, provider keys, members.
 */
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ACTION_RULES, decideTeam, ROUTE_RULES } from '@/lib/routing/team-rules';
import { memberPermissions, OWNER, type ShopActor } from '@/lib/team/permissions';
import { ACTION_NAMES } from '../../support/action-names';

/** Astro's route pattern of a file under src/pages: `api/orders/[id]/index.ts` → `/api/orders/[id]`. */
function patternOf(file: string): string {
  const route = file.replace(/\.(astro|ts)$/, '').replace(/(^|\/)index$/, '');
  return `/${route}`;
}

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? files(full) : [full];
  });
}

const PATTERNS = files('src/pages')
  .filter((f) => /\.(astro|ts)$/.test(f))
  .map((f) => patternOf(path.relative('src/pages', f)));

const ACTIONS = ACTION_NAMES;

const member = (role: 'ventas' | 'catalogo', extra: string[] = []): ShopActor => ({
  kind: 'member',
  role,
  permissions: memberPermissions(role, extra),
});
const VENTAS = member('ventas');
const CATALOGO = member('catalogo');

const page = (actor: ShopActor, routePattern: string, method = 'GET') =>
  decideTeam(actor, { routePattern, method, action: null });
const action = (actor: ShopActor, name: string) =>
  decideTeam(actor, { routePattern: '/x', method: 'POST', action: name });

describe('team rules', () => {
  it('name every route and every form action, and nothing that does not exist', () => {
    expect(PATTERNS.length).toBeGreaterThan(150);
    expect(PATTERNS.filter((p) => !(p in ROUTE_RULES))).toEqual([]);
    expect(Object.keys(ROUTE_RULES).filter((p) => !PATTERNS.includes(p))).toEqual([]);
    expect(ACTIONS.length).toBeGreaterThan(80);
    expect(ACTIONS.filter((a) => !(a in ACTION_RULES))).toEqual([]);
  });

  it('let the owner everywhere', () => {
    for (const p of PATTERNS) expect(page(OWNER, p, 'DELETE')).toBe('allow');
    for (const a of ACTIONS) expect(action(OWNER, a)).toBe('allow');
  });

  it.each([
    // [route, method, Ventas y despacho, Catálogo]
    ['/ordenes', 'GET', 'allow', 'forbid'],
    ['/ordenes/[id]', 'GET', 'allow', 'forbid'],
    ['/api/orders/[id]', 'PATCH', 'allow', 'forbid'],
    ['/api/orders/[id]/envio', 'POST', 'allow', 'forbid'],
    ['/api/orders', 'GET', 'allow', 'forbid'],
    ['/api/orders', 'POST', 'allow', 'allow'],
    ['/api/orders/manual', 'POST', 'allow', 'forbid'],
    ['/ordenes/nueva', 'GET', 'allow', 'forbid'],
    ['/productos', 'GET', 'forbid', 'allow'],
    ['/api/products/[id]', 'PATCH', 'forbid', 'allow'],
    ['/api/media', 'POST', 'forbid', 'allow'],
    ['/categorias', 'GET', 'forbid', 'allow'],
    ['/api/orders/csv', 'GET', 'forbid', 'forbid'],
    ['/api/store/customers/csv', 'GET', 'forbid', 'forbid'],
    ['/clientes', 'GET', 'forbid', 'forbid'],
    ['/descuentos', 'GET', 'forbid', 'forbid'],
    ['/cifras', 'GET', 'forbid', 'forbid'],
    ['/solicitudes-de-datos', 'GET', 'forbid', 'forbid'],
    ['/page-builder', 'GET', 'forbid', 'forbid'],
    // The owner's alone, whatever the role.
    ['/cobros', 'GET', 'forbid', 'forbid'],
    ['/api/store/payments/[provider]', 'PUT', 'forbid', 'forbid'],
    ['/api/store/webpay', 'GET', 'forbid', 'forbid'],
    ['/boletas', 'GET', 'forbid', 'forbid'],
    ['/api/store/invoicing', 'PUT', 'forbid', 'forbid'],
    ['/despacho', 'GET', 'forbid', 'forbid'],
    ['/api/store/shipping/[provider]', 'PUT', 'forbid', 'forbid'],
    ['/canales', 'GET', 'forbid', 'forbid'],
    ['/api/store/channels/mercadolibre', 'DELETE', 'forbid', 'forbid'],
    ['/api/store/legal', 'PUT', 'forbid', 'forbid'],
    ['/api/store', 'PATCH', 'forbid', 'forbid'],
    ['/equipo', 'GET', 'forbid', 'forbid'],
    ['/api/store/members', 'POST', 'forbid', 'forbid'],
    ['/api/store/members/[id]', 'DELETE', 'forbid', 'forbid'],
    ['/dashboard', 'GET', 'forbid', 'forbid'],
    ['/canvas', 'GET', 'forbid', 'forbid'],
    ['/api/companies', 'GET', 'forbid', 'forbid'],
    ['/modelo-de-negocio', 'GET', 'forbid', 'forbid'],
    // Their own account stays theirs.
    ['/perfil', 'GET', 'allow', 'allow'],
    ['/api/users/me', 'GET', 'allow', 'allow'],
    ['/api/store/members/shop', 'POST', 'allow', 'allow'],
  ] as const)('%s %s: ventas %s, catálogo %s', (route, method, ventas, catalogo) => {
    expect(page(VENTAS, route, method)).toBe(ventas);
    expect(page(CATALOGO, route, method)).toBe(catalogo);
  });

  it('judge a form action by its own rule, not the page it posts to', () => {
    expect(action(VENTAS, 'orders.move')).toBe('allow');
    expect(action(VENTAS, 'shipments.request')).toBe('allow');
    expect(action(VENTAS, 'shop.publish')).toBe('forbid');
    expect(action(VENTAS, 'webpay.save')).toBe('forbid');
    expect(action(VENTAS, 'team.invite')).toBe('forbid');
    expect(action(CATALOGO, 'categories.create')).toBe('allow');
    expect(action(CATALOGO, 'orders.move')).toBe('forbid');
    expect(action(CATALOGO, 'discounts.create')).toBe('forbid');
  });

  it('open a separable permission only where it is ticked', () => {
    const exporter = member('ventas', ['export', 'discounts']);
    expect(page(exporter, '/api/orders/csv')).toBe('allow');
    expect(page(exporter, '/clientes')).toBe('allow');
    expect(action(exporter, 'discounts.create')).toBe('allow');
    expect(page(exporter, '/cobros')).toBe('forbid');
    // An unknown permission stored is ignored; the role's preset always holds.
    expect(memberPermissions('catalogo', ['nope', 'figures'])).toEqual(
      new Set(['catalog', 'figures']),
    );
  });
});
