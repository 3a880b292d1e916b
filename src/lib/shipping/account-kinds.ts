/**
 * What each courier's account holds (pure): the part the seller sees again (Shipit's e-mail,
 * Starken's agency), the keys sealed at rest (Shipit's and Starken's token, Chilexpress's two
 * keys), and what «Probar conexión» means for each.
 */
import {
  SHIPPING_PROVIDER_NAMES,
  SHIPPING_PROVIDERS,
  type ShippingCheck,
  type ShippingProviderName,
} from '@/lib/shipping/provider';
import type {
  ChilexpressAccountInput,
  ShipitAccountInput,
  ShippingAccountInput,
  StarkenAccountInput,
} from '@/lib/shipping/schemas';

/** Every courier can be connected with the seller's own account. */
export const CONNECTABLE = SHIPPING_PROVIDERS;
export type ConnectableCourier = ShippingProviderName;

/** What the seller is asked for when no key is stored yet. */
const MISSING_KEY: Record<ConnectableCourier, string> = {
  shipit: 'Escribe el token de tu cuenta Shipit.',
  starken: 'Escribe el token de tu cuenta Starken.',
  chilexpress: 'Escribe las dos claves de Chilexpress: la del Cotizador y la de Coberturas.',
};

/**
 * The account's visible part and its keys, from what was typed; an empty key keeps the stored
 * one. `missing` names the key still absent (nothing stored, nothing typed).
 */
export function accountParts(
  provider: ConnectableCourier,
  input: ShippingAccountInput,
  stored: readonly string[] | null,
): { keyId: string; keys: string[] | null; missing: { field: string; message: string } | null } {
  const [keyId, typed, fields] =
    provider === 'shipit'
      ? [(input as ShipitAccountInput).email, [(input as ShipitAccountInput).token], ['token']]
      : provider === 'starken'
        ? [(input as StarkenAccountInput).agency, [(input as StarkenAccountInput).token], ['token']]
        : [
            '',
            [
              (input as ChilexpressAccountInput).rating_key,
              (input as ChilexpressAccountInput).coverage_key,
            ],
            ['rating_key', 'coverage_key'],
          ];
  if (typed.every((k) => !k) && stored) return { keyId, keys: null, missing: null };
  const keys = typed.map((k, i) => k || stored?.[i] || '');
  const absent = keys.findIndex((k) => !k);
  return {
    keyId,
    keys,
    missing: absent < 0 ? null : { field: fields[absent]!, message: MISSING_KEY[provider] },
  };
}

/** Keys are sealed together, one per line (none holds a space). */
export const joinKeys = (keys: readonly string[]) => keys.join('\n');
export const splitKeys = (sealed: string) => sealed.split('\n');

/** What each check means for the seller. */
export function shippingCheckMessages(
  provider: ConnectableCourier,
): Record<ShippingCheck, { title: string; description: string }> {
  const name = SHIPPING_PROVIDER_NAMES[provider];
  return {
    ok: {
      title: `${name} aceptó tu cuenta`,
      description:
        provider === 'chilexpress'
          ? 'Con Chilexpress cotizaremos el despacho de tus pedidos; sus paquetes los llevas tú a una sucursal.'
          : `Con ${name} cotizaremos el despacho de tus pedidos y crearás sus etiquetas.`,
    },
    rejected: {
      title: `${name} no reconoce tu cuenta`,
      description: {
        shipit:
          'Revisa el correo y el token: cópialo de nuevo desde «Configuración → API» en Shipit.',
        starken: 'Revisa el token: cópialo de nuevo desde tu cuenta en Starken Pro.',
        chilexpress:
          'Revisa tus dos claves en el portal de desarrolladores de Chilexpress: la del Cotizador y la de Coberturas.',
      }[provider],
    },
    unreachable: {
      title: `No pudimos hablar con ${name}`,
      description: `${name} no respondió. Intenta de nuevo en unos minutos.`,
    },
  };
}
