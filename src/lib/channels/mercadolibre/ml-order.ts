/**
 * A Mercado Libre order as Impulsa reads it (`GET /orders/{id}` with `x-format-new: true`): its
 * lines, buyer and total, or null when the JSON is not an order Impulsa can keep. Pure, so a
 * malformed answer is refused by a table test rather than by a crash in the import.
 */
import { MAX_LINES } from '@/lib/orders/schemas';
import { scalar } from '@/lib/channels/mercadolibre/scalar';

/** The largest total an imported order may have (as at checkout). */
const MAX_TOTAL = 999_999_999;
/** Units of one line: Mercado Libre allows more than a shop's cart does. */
const MAX_UNITS = 9_999;

export interface MlOrderLine {
  itemId: string;
  /** The variation's id, '' for a listing without variations (as `channel_links` keys it). */
  variationId: string;
  title: string;
  /** `M / Rojo`, from the variation's attributes; null without variation. */
  variantName: string | null;
  quantity: number;
  unitPrice: number;
}

export interface MlOrder {
  id: string;
  /** `paid` is the only status Impulsa imports. */
  status: string;
  sellerId: string;
  /** Where its boleta goes: the pack, or the order itself when it has none. */
  packId: string;
  buyerName: string;
  buyerNickname: string | null;
  lines: MlOrderLine[];
  total: number;
  paidAt: Date | null;
}

const record = (v: unknown): Record<string, unknown> =>
  v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};

const id = (v: unknown) => {
  const text = scalar(v);
  return /^\d{1,20}$/.test(text) ? text : null;
};

/** Whole pesos: CLP has no cents, and Mercado Libre writes `13990` or `13990.0`. */
const pesos = (v: unknown) =>
  typeof v === 'number' && Number.isInteger(v) && v >= 0 && v <= MAX_TOTAL ? v : null;

/** A person's name as a receipt shows it: first and last, else the nickname. */
function buyerNameOf(buyer: Record<string, unknown>): string {
  const full = [scalar(buyer.first_name), scalar(buyer.last_name)]
    .map((part) => part.trim())
    .filter(Boolean)
    .join(' ');
  return (full || scalar(buyer.nickname).trim() || 'Comprador de Mercado Libre').slice(0, 120);
}

function lineOf(raw: unknown): MlOrderLine | null {
  const line = record(raw);
  const item = record(line.item);
  const itemId = scalar(item.id);
  const quantity = line.quantity;
  const unitPrice = pesos(line.unit_price);
  if (!/^MLC\d{1,18}$/.test(itemId) || unitPrice === null) return null;
  if (typeof quantity !== 'number' || !Number.isInteger(quantity)) return null;
  if (quantity < 1 || quantity > MAX_UNITS) return null;
  const attributes = Array.isArray(item.variation_attributes) ? item.variation_attributes : [];
  const variantName =
    attributes
      .map((a) => scalar(record(a).value_name).trim())
      .filter(Boolean)
      .join(' / ') || null;
  return {
    itemId,
    variationId: item.variation_id == null ? '' : (id(item.variation_id) ?? ''),
    title: (scalar(item.title).trim() || itemId).slice(0, 200),
    variantName: variantName?.slice(0, 120) ?? null,
    quantity,
    unitPrice,
  };
}

/** The order in `data`, or null when something Impulsa needs is missing or out of bounds. */
export function parseMlOrder(data: unknown): MlOrder | null {
  const order = record(data);
  const orderId = id(order.id);
  const sellerId = id(record(order.seller).id);
  const items = Array.isArray(order.order_items) ? order.order_items : [];
  if (!orderId || !sellerId || !items.length || items.length > MAX_LINES) return null;
  const lines = items.map(lineOf);
  if (lines.some((l) => l === null)) return null;
  const kept = lines as MlOrderLine[];
  const total = kept.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  if (total > MAX_TOTAL) return null;
  const buyer = record(order.buyer);
  const closed = Date.parse(scalar(order.date_closed));
  return {
    id: orderId,
    status: scalar(order.status),
    sellerId,
    packId: id(order.pack_id) ?? orderId,
    buyerName: buyerNameOf(buyer),
    buyerNickname: scalar(buyer.nickname).trim().slice(0, 120) || null,
    lines: kept,
    total,
    paidAt: Number.isNaN(closed) ? null : new Date(closed),
  };
}
