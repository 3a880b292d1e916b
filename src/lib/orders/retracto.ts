/**
 * The derecho a retracto (Ley 19.496 art. 3 bis b): a buyer at a distance may withdraw from a
 * purchase within 10 days of receiving it, unless the seller excluded it (by the product's nature:
 * `NO_RETRACTO_REASONS`). Checkout shows it before «Confirmar pedido»; the buyer's order page
 * offers «Quiero retractarme» while it is open. Pure.
 */
import { prose } from '@/lib/prose';
import { addDays, chileDay, chileDayEdge, formatDate } from '@/lib/dates';
import { SOLD_STATUSES, type OrderStatus } from '@/lib/orders/schemas';
import { NO_RETRACTO_REASONS, noRetractoLine, type NoRetractoReason } from '@/lib/shop/no-retracto';

export const RETRACTO_DAYS = 10;

/** Days the seller has to give the money back once the buyer withdraws (art. 3 bis). */
export const RETRACTO_REFUND_DAYS = 45;

/** The last day, in Chile, to refund a withdrawal asked at `requestedAt`. */
export const refundDeadline = (requestedAt: string | Date): string =>
  addDays(chileDay(new Date(requestedAt)), RETRACTO_REFUND_DAYS);

/** The timeline's entry for a request (`order_events.status`), beside the statuses. */
export const RETRACTO_EVENT = 'retracto';
export const RETRACTO_EVENT_LABEL = 'Solicitud de retracto';

/** Whether the buyer can withdraw now, has asked already, or cannot (and why, in Spanish). */
export type RetractoState =
  | { kind: 'open'; until: string | null }
  | { kind: 'requested'; at: string }
  | { kind: 'closed'; why: string };

interface RetractoOrder {
  status: OrderStatus;
  payment_method?: string;
  retracto_requested_at: string | null;
  timeline?: { status: string; at: string }[];
  items: { name?: string; no_retracto: NoRetractoReason | null }[];
}

/**
 * The term runs from receipt (the order's «Entregado»), to the end of the tenth day in Chile;
 * before receipt it is open with no end yet.
 */
export function retractoState(order: RetractoOrder, now = Date.now()): RetractoState {
  if (order.retracto_requested_at) return { kind: 'requested', at: order.retracto_requested_at };
  if (!SOLD_STATUSES.includes(order.status))
    return {
      kind: 'closed',
      why:
        order.status === 'pendiente_pago'
          ? 'Tu pedido aún no está pagado: si no quieres seguir, basta con no pagarlo.'
          : 'Este pedido no se concretó, así que no hay compra de la que retractarse.',
    };
  if (order.payment_method === 'en_persona')
    return {
      kind: 'closed',
      why: prose`Compraste en persona: el derecho a retracto es para las compras a distancia. La
  garantía legal de 6 meses sigue vigente si un producto falla.`,
    };
  const excluded = order.items.filter((i) => i.no_retracto);
  if (excluded.length > 0 && excluded.length === order.items.length)
    return {
      kind: 'closed',
      why: prose`Los productos de este pedido no tienen derecho a retracto:
  ${reasonsOf(excluded)}. La garantía legal de 6 meses sigue vigente si un producto falla.`,
    };
  const received = order.timeline?.findLast((e) => e.status === 'entregado');
  if (!received) return { kind: 'open', until: null };
  const lastDay = addDays(chileDay(new Date(received.at)), RETRACTO_DAYS);
  const until = chileDayEdge(lastDay, 'end');
  if (now > until.getTime())
    return {
      kind: 'closed',
      why: `El plazo de ${RETRACTO_DAYS} días desde que recibiste tu pedido terminó el ${formatDate(until)}.`,
    };
  return { kind: 'open', until: until.toISOString() };
}

/**
 * Why each excluded line has no right, one reason per line (`«Pan»: es perecible…`), or the
 * reason alone when every line shares it.
 */
function reasonsOf(lines: { name?: string; no_retracto: NoRetractoReason | null }[]): string {
  const reasons = [...new Set(lines.map((l) => l.no_retracto!))];
  if (reasons.length === 1 || lines.some((l) => !l.name))
    return reasons.map((r) => NO_RETRACTO_REASONS[r]).join('; ');
  return lines.map((l) => `«${l.name}» ${NO_RETRACTO_REASONS[l.no_retracto!]}`).join('; ');
}

/**
 * The checkout's box, in plain words: the term, from when, and how; and which lines have no right
 * and why. When no line has it, the box says so instead of offering the 10 days.
 */
export function retractoNotice(
  shopContact: string | null,
  lines: { name: string; noRetracto: NoRetractoReason | null }[] = [],
): string[] {
  const excluded = lines.filter((l) => l.noRetracto);
  const each = excluded.map((l) => `«${l.name}»: ${noRetractoLine(l.noRetracto!).toLowerCase()}`);
  if (excluded.length > 0 && excluded.length === lines.length)
    return [
      'Esta compra no tiene derecho a retracto (artículo 3 bis de la Ley 19.496):',
      ...each,
      'La garantía legal de 6 meses sigue vigente si un producto falla.',
    ];
  return [
    prose`Tienes ${RETRACTO_DAYS} días desde que recibes tu pedido para retractarte de la compra,
  sin dar razones (artículo 3 bis de la Ley 19.496)${excluded.length ? ', salvo de estos productos' : ''}.`,
    ...each,
    prose`Para hacerlo, toca «Quiero retractarme» en la página de tu
  pedido${shopContact ? ` o escribe a ${shopContact}` : ''}. Devuelve los productos sin uso y con su
  empaque; te devolvemos lo que pagaste.`,
  ];
}
