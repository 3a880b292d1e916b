/** A shop's customers: what a search means, and the CSV a seller downloads. Pure. */
import { givenName } from '@/lib/person-name';
import { csvPhone } from '@/lib/csv';
import { chileDay } from '@/lib/dates';
import { searchKey } from '@/lib/shop/filters';

/** One customer as the list, the API and the CSV show them. */
export interface CustomerView {
  /** An opaque key for the customer's page: the e-mail stays out of addresses and logs. */
  key: string;
  name: string;
  email: string;
  phone: string;
  comuna: string | null;
  comuna_name: string | null;
  marketing_consent: boolean;
  /** When they last asked for no more publicity (a later order may have ticked it again). */
  opted_out_at: string | null;
  /** Every order they placed, paid or not. */
  orders: number;
  /** The ones that were paid (not cancelled, rejected or waiting for payment). */
  purchases: number;
  /** What the paid ones add up to, in pesos. */
  total_spent: number;
  last_order_at: string;
  last_purchase_at: string | null;
}

/** Longest search kept: a name, an e-mail or a phone, never a paragraph. */
const MAX_QUERY = 100;

/** What a search looks for: lower case, without accents or control characters ('' → everyone). */
export function customerSearchText(raw: string | null | undefined): string {
  return searchKey(
    (raw ?? '')
      .replace(/\p{Cc}/gu, '')
      .trim()
      .slice(0, MAX_QUERY),
  );
}

export const CUSTOMER_CSV_HEAD = [
  'Nombre',
  'Correo',
  'Teléfono',
  'Comuna',
  'Acepta publicidad',
  'Pedidos',
  'Compras pagadas',
  'Total comprado',
  'Última compra',
] as const;

/** Customers as CSV lines (no head), for a file written a page at a time. */
export function customerCsvRows(customers: readonly CustomerView[]): string[][] {
  return customers.map((c) => [
    c.name,
    c.email,
    csvPhone(c.phone),
    c.comuna_name ?? '',
    c.marketing_consent ? 'Sí' : 'No',
    String(c.orders),
    String(c.purchases),
    String(c.total_spent),
    c.last_purchase_at ? chileDay(new Date(c.last_purchase_at)) : '',
  ]);
}

/** The WhatsApp message that gives a customer a discount code. */
export function codeWhatsappText(name: string, code: string, shopName: string): string {
  const first = givenName(name);
  return (
    `Hola${first ? ` ${first}` : ''}, gracias por comprar en ${shopName}. ` +
    `Te regalamos el código ${code} para tu próxima compra.`
  );
}
