/**
 * `/ordenes/nueva` as posted (before or without JavaScript): its fields in the shape of
 * `manualOrderSchema`. A line's quantity travels as `qty-{product}` or `qty-{product}-{variant}`;
 * the rest by their schema paths (`buyer.name`, `delivery.comuna`), so errors land on their
 * inputs. Pure.
 */

/** The quantity field of a product, or of one of its variants. */
export const quantityField = (product: number, variant?: number) =>
  `qty-${product}${variant === undefined ? '' : `-${variant}`}`;

const QUANTITY = /^qty-(\d{1,9})(?:-(\d{1,9}))?$/;

/** The posted fields as the schema reads them; a blank or zero quantity is no line. */
export function manualOrderFromForm(fields: Record<string, string>): Record<string, unknown> {
  const items = Object.entries(fields).flatMap(([name, value]) => {
    const match = QUANTITY.exec(name);
    const quantity = Number(value);
    if (!match || !value.trim() || quantity === 0) return [];
    return [
      {
        product: Number(match[1]),
        ...(match[2] ? { variant: Number(match[2]) } : {}),
        quantity: Number.isFinite(quantity) ? quantity : value,
      },
    ];
  });
  const value = (name: string) => fields[name] ?? '';
  // A counter sale leaves with its buyer: no delivery to choose unless the seller chose one.
  const method = value('delivery.method') || (value('in_person') ? 'retiro' : '');
  return {
    items,
    buyer: { name: value('buyer.name'), email: value('buyer.email'), phone: value('buyer.phone') },
    delivery: {
      method: method || undefined,
      ...(method === 'despacho'
        ? { address: value('delivery.address'), comuna: value('delivery.comuna') }
        : {}),
    },
    delivery_price: method === 'despacho' ? value('delivery_price') : '',
    delivery_reason: value('delivery_reason') || undefined,
    discount_code: value('discount_code') || undefined,
    notes: value('notes') || undefined,
    in_person: value('in_person'),
  };
}

/** A line a seller can sell: a product without options, or one enabled variant of one. */
export interface SellableLine {
  field: string;
  name: string;
  price: number;
  /** null: no limit. */
  stock: number | null;
}

/** The lines of published products as the manual order's and the counter's forms offer them. */
export function sellableLines(
  products: readonly {
    id: number;
    name: string;
    price: number;
    stock: number | null;
    variants: readonly {
      id: number;
      name: string;
      price: number | null;
      stock: number | null;
      enabled: boolean;
    }[];
  }[],
): SellableLine[] {
  return products.flatMap((p) =>
    p.variants.length
      ? p.variants
          .filter((v) => v.enabled)
          .map((v) => ({
            field: quantityField(p.id, v.id),
            name: `${p.name} (${v.name})`,
            price: v.price ?? p.price,
            stock: v.stock,
          }))
      : [{ field: quantityField(p.id), name: p.name, price: p.price, stock: p.stock }],
  );
}
