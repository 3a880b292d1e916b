/**
 * An order's money as every receipt reads it (both parts of each mail): its lines, the discount,
 * the delivery and the total, IVA included. One list, so what is shown always adds up.
 */

export interface TotalLine {
  label: string;
  /** Pesos; a discount is negative. */
  amount: number;
  kind: 'item' | 'discount' | 'delivery' | 'total';
}

/** The receipt's lines: each item, the discount, delivery, then the total (their sum). */
export function totalLines(order: {
  items: { name: string; quantity: number; total: number }[];
  discount: { code: string; amount: number } | null;
  delivery: { price: number };
  total: number;
}): TotalLine[] {
  return [
    ...order.items.map((i) => ({
      label: `${i.quantity} × ${i.name}`,
      amount: i.total,
      kind: 'item' as const,
    })),
    ...(order.discount
      ? [
          {
            label: `Descuento (${order.discount.code})`,
            amount: -order.discount.amount,
            kind: 'discount' as const,
          },
        ]
      : []),
    ...(order.delivery.price
      ? [{ label: 'Despacho', amount: order.delivery.price, kind: 'delivery' as const }]
      : []),
    { label: 'Total (IVA incluido)', amount: order.total, kind: 'total' },
  ];
}
