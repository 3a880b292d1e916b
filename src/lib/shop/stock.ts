/** What a buyer reads about stock (issue 10): "Agotado", "Últimas 3 unidades", or nothing special. */

/** At or below this many units the page says how many are left. */
export const LOW_STOCK = 3;

export type StockState =
  | { kind: 'unlimited' }
  | { kind: 'available'; units: number }
  | { kind: 'low'; units: number }
  | { kind: 'sold-out' };

export function stockState(stock: number | null): StockState {
  if (stock === null) return { kind: 'unlimited' };
  if (stock <= 0) return { kind: 'sold-out' };
  return stock <= LOW_STOCK ? { kind: 'low', units: stock } : { kind: 'available', units: stock };
}

/** The label of a state for buyers: `Agotado`, `Última unidad`, `Últimas 3 unidades`, `Disponible`. */
export function stockLabel(stock: number | null): string {
  const state = stockState(stock);
  if (state.kind === 'sold-out') return 'Agotado';
  if (state.kind === 'low')
    return state.units === 1 ? 'Última unidad' : `Últimas ${state.units} unidades`;
  return 'Disponible';
}

/** schema.org availability of a stock. */
export function schemaAvailability(
  stock: number | null,
):
  | 'https://schema.org/InStock'
  | 'https://schema.org/OutOfStock'
  | 'https://schema.org/LimitedAvailability' {
  const state = stockState(stock);
  if (state.kind === 'sold-out') return 'https://schema.org/OutOfStock';
  return state.kind === 'low'
    ? 'https://schema.org/LimitedAvailability'
    : 'https://schema.org/InStock';
}
