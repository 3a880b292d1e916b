/**
 * Orders: what a buyer sends (one zod schema for `POST /api/orders/` and the `/pay` form), the
 * statuses and the moves a seller may make between them, and the limits. Pure: no database.
 */
import { fromDigits, idSchema, z } from '@/lib/zod';
import { emailSchema, fullNameSchema } from '@/lib/accounts/schemas';
import { comunaByCode } from '@/lib/chile/regions';
import { MAX_ID } from '@/lib/ids';
import { amount } from '@/lib/shop/fields';
import { PAYMENT_METHODS, paidByProvider, type PaymentMethod } from '@/lib/shop/payment-methods';
import { normalizePhone } from '@/lib/phone';
import { formatRut, isValidRut } from '@/lib/rut';

/** Units of one product in one order, and lines in one order. */
export const MAX_QUANTITY = 99;
export const MAX_LINES = 50;

export const ORDER_STATUSES = [
  'pendiente_pago',
  'pagado',
  'preparando',
  'enviado',
  'listo_retiro',
  'entregado',
  'cancelado',
  'rechazado',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const DELIVERY_METHODS = ['retiro', 'despacho'] as const;
export type DeliveryMethod = (typeof DELIVERY_METHODS)[number];

/** How a status reads to a seller and a buyer. */
export const STATUS_LABELS: Record<OrderStatus, string> = {
  pendiente_pago: 'Pendiente de pago',
  pagado: 'Pagado',
  preparando: 'Preparando',
  enviado: 'Enviado',
  listo_retiro: 'Listo para retiro',
  entregado: 'Entregado',
  cancelado: 'Cancelado',
  rechazado: 'Pago rechazado',
};

/**
 * The moves a seller may make. A Webpay order is paid by Webpay alone; a transfer or WhatsApp
 * order is marked paid by the seller once the money arrives. A prepared order is sent (despacho)
 * or made ready for pickup (retiro). Cancelling gives the stock back (and refunds a Webpay payment).
 */
export function nextStatuses(
  status: OrderStatus,
  payment: PaymentMethod,
  delivery: DeliveryMethod = 'despacho',
): OrderStatus[] {
  switch (status) {
    case 'pendiente_pago':
      return paidByProvider(payment) ? ['cancelado'] : ['pagado', 'cancelado'];
    case 'pagado':
      return ['preparando', 'cancelado'];
    case 'preparando':
      return [delivery === 'retiro' ? 'listo_retiro' : 'enviado', 'cancelado'];
    case 'enviado':
    case 'listo_retiro':
      return ['entregado'];
    default:
      return [];
  }
}

/** Chilean carriers and their public tracking pages (a number is appended). */
export const CARRIERS = {
  chilexpress: {
    name: 'Chilexpress',
    tracking: 'https://centrodeayuda.chilexpress.cl/seguimiento/',
  },
  starken: { name: 'Starken', tracking: 'https://www.starken.cl/seguimiento?codigo=' },
  correos: {
    name: 'Correos de Chile',
    tracking: 'https://www.correos.cl/web/guest/seguimiento-en-linea?codigos=',
  },
  blueexpress: {
    name: 'Blue Express',
    tracking: 'https://www.blue.cl/seguimiento/?n_seguimiento=',
  },
  otro: { name: 'Otro', tracking: null },
} as const satisfies Record<string, { name: string; tracking: string | null }>;
export type Carrier = keyof typeof CARRIERS;
export const CARRIER_KEYS = Object.keys(CARRIERS) as Carrier[];

/** Where the buyer follows a shipment, when its carrier has a public tracking page. */
export function trackingUrl(carrier: string | null, number: string | null): string | null {
  const known = carrier && carrier in CARRIERS ? CARRIERS[carrier as Carrier] : null;
  return known?.tracking && number ? known.tracking + encodeURIComponent(number) : null;
}

/** Orders that count as a sale (the dashboard's "primera venta"). */
export const SOLD_STATUSES: readonly OrderStatus[] = [
  'pagado',
  'preparando',
  'enviado',
  'listo_retiro',
  'entregado',
];

/** A comuna's name from its official code; undefined for an unknown code. */
export function comunaName(code: string): string | undefined {
  return comunaByCode(code)?.comuna.name;
}

export const quantitySchema = fromDigits(
  z
    .number({ error: 'La cantidad debe ser un número.' })
    .int('La cantidad debe ser un número entero.')
    .min(1, 'La cantidad mínima es 1.')
    .max(MAX_QUANTITY, `Puedes pedir como máximo ${MAX_QUANTITY} unidades de cada producto.`),
);

export const itemSchema = z.object({
  product: idSchema('Ese producto no existe.'),
  /** The variant, for a product with options (its size, its colour…). */
  variant: idSchema('Esa variante no existe.').optional(),
  quantity: quantitySchema,
});

/** A line of a cart or an order: a product, its variant when it has options, how many. */
export interface ItemRef {
  product: number;
  variant?: number;
  quantity: number;
}

export const buyerSchema = z.object({
  name: fullNameSchema,
  email: emailSchema,
  phone: z
    .string({ error: 'Escribe tu teléfono.' })
    .trim()
    .min(1, 'Escribe tu teléfono.')
    .transform((v, ctx) => {
      const phone = normalizePhone(v);
      if (!phone) {
        ctx.addIssue({
          code: 'custom',
          message: 'Escribe un teléfono chileno, por ejemplo +56 9 1234 5678.',
        });
        return z.NEVER;
      }
      return phone;
    }),
});

export const deliverySchema = z
  .object({
    method: z.enum(DELIVERY_METHODS, { error: 'Elige retiro o despacho.' }),
    address: z
      .string({ error: 'La dirección debe ser texto.' })
      .trim()
      .max(300, 'La dirección es demasiado larga.')
      .optional(),
    comuna: z
      .string({ error: 'Elige la comuna.' })
      .trim()
      .refine((c) => c === '' || comunaByCode(c) !== undefined, 'Elige una comuna de la lista.')
      .optional(),
    /**
     * Despacho: the shop's zone rate (`tienda`) or a courier (`shipit:starken`), optionally with the
     * price the buyer was shown (`shipit:starken:5890`); absent: the zone rate.
     */
    option: z
      .string({ error: 'Elige cómo despachar.' })
      .trim()
      .regex(/^(tienda|[a-z]+:[a-z0-9_-]{1,40})(:\d{1,9})?$/, 'Elige cómo despachar de la lista.')
      .optional(),
    /** Retiro: which of the shop's pickup points (its position in the list, from 0). */
    pickup_point: z.coerce
      .number({ error: 'Elige dónde retirar.' })
      .int('Elige dónde retirar.')
      .min(0, 'Elige dónde retirar.')
      .max(20, 'Elige dónde retirar.')
      .optional(),
  })
  .superRefine((d, ctx) => {
    if (d.method === 'despacho' && !d.address)
      ctx.addIssue({
        code: 'custom',
        path: ['address'],
        message: 'Escribe la dirección de despacho.',
      });
  });

/** A line of the business a factura is for: required, within the SII's length. */
const invoiceText = (what: string, max: number) =>
  z
    .string({ error: `Escribe ${what}.` })
    .trim()
    .min(1, `Escribe ${what}.`)
    .max(max, `Usa como máximo ${max} caracteres.`);

/** A business buyer's details, for a factura instead of a boleta (issue 49). */
export const invoiceSchema = z.object({
  rut: z
    .string({ error: 'Escribe el RUT de la empresa.' })
    .trim()
    .min(1, 'Escribe el RUT de la empresa.')
    .refine(isValidRut, 'Ese RUT no es válido: revisa el dígito verificador.')
    .transform(formatRut),
  name: invoiceText('la razón social', 100),
  giro: invoiceText('el giro', 40),
  address: invoiceText('la dirección', 70),
  comuna: invoiceText('la comuna', 20),
});
export type InvoiceDetails = z.infer<typeof invoiceSchema>;

/** `POST /api/orders/` (docs/design.md §7) and the `/pay` form. */
export const orderCreateSchema = z.object({
  site: idSchema('Ese sitio no existe.').optional(),
  items: z
    .array(itemSchema, { error: 'Agrega al menos un producto.' })
    .min(1, 'Agrega al menos un producto.')
    .max(MAX_LINES, `Un pedido puede tener como máximo ${MAX_LINES} productos distintos.`),
  buyer: buyerSchema,
  delivery: deliverySchema,
  payment_method: z.enum(PAYMENT_METHODS, { error: 'Elige cómo pagar.' }),
  /** A discount code of the shop, in any case. */
  discount_code: z
    .string({ error: 'El código de descuento debe ser texto.' })
    .trim()
    .max(30, 'Ese código no existe o ya no está vigente.')
    .optional(),
  /** A note to the shop ("Dejar en conserjería"). */
  notes: z
    .string({ error: 'La nota debe ser texto.' })
    .trim()
    .max(500, 'La nota puede tener como máximo 500 caracteres.')
    .optional(),
  /** The buyer's yes to the shop's news and offers (Ley 21.719): never assumed. */
  marketing_consent: z.boolean({ error: 'Indica si aceptas recibir novedades.' }).optional(),
  /** A business's details for a factura; without them the sale gets a boleta. */
  invoice: invoiceSchema.optional(),
});
export type OrderCreateInput = z.infer<typeof orderCreateSchema>;

/** How a buyer paid the seller face to face («Venta en persona»). */
export const IN_PERSON_METHODS = ['efectivo', 'transferencia', 'tarjeta'] as const;
export type InPersonMethod = (typeof IN_PERSON_METHODS)[number];
export const IN_PERSON_NAMES: Record<InPersonMethod, string> = {
  efectivo: 'efectivo',
  transferencia: 'transferencia',
  tarjeta: 'tarjeta (máquina de pago)',
};

/**
 * `POST /api/orders/manual/` and `/ordenes/nueva`: an order the seller takes in a chat or in
 * person. The delivery's price is the zone's unless the seller sets another, with its reason;
 * `in_person` marks it paid at once.
 */
/** The buyer's fields as a seller types them: checked by `buyerSchema` once we know the sale. */
const typedBuyer = z
  .object({
    name: z.string({ error: 'El nombre debe ser texto.' }).optional(),
    email: z.string({ error: 'El correo debe ser texto.' }).optional(),
    phone: z.string({ error: 'El teléfono debe ser texto.' }).optional(),
  })
  .default({});

/** What the seller is told when a field of her client is missing (she is not the buyer). */
const MISSING_CLIENT = {
  name: 'Escribe el nombre de tu cliente.',
  email: 'Escribe el correo de tu cliente: ahí le llega el enlace de su pedido.',
  phone: 'Escribe el teléfono de tu cliente.',
} as const;

/**
 * The buyer of a manual order: all three fields for an order that waits for its payment (the
 * receipt link goes to them); for a counter sale each is optional, checked only when typed, and
 * blank when not (the buyer reads «Cliente», and gets no mail).
 */
function manualBuyer(
  given: z.infer<typeof typedBuyer>,
  counter: boolean,
  ctx: z.RefinementCtx,
): z.infer<typeof buyerSchema> {
  const blank = (v: string | undefined) => !v?.trim();
  const fields = ['name', 'email', 'phone'] as const;
  const wanted = counter ? fields.filter((f) => !blank(given[f])) : fields;
  const out = { name: '', email: '', phone: '' };
  for (const field of wanted) {
    if (blank(given[field])) {
      ctx.addIssue({ code: 'custom', path: ['buyer', field], message: MISSING_CLIENT[field] });
      continue;
    }
    const checked = buyerSchema.shape[field].safeParse(given[field] ?? '');
    if (checked.success) out[field] = checked.data;
    else
      for (const issue of checked.error.issues)
        ctx.addIssue({ code: 'custom', path: ['buyer', field], message: issue.message });
  }
  return out;
}

export const manualOrderSchema = z
  .object({
    items: orderCreateSchema.shape.items,
    buyer: typedBuyer,
    // A counter sale leaves with its buyer: no delivery to name.
    delivery: deliverySchema.optional(),
    delivery_price: z.preprocess(
      (v) => (v === '' ? undefined : v),
      amount('el precio del despacho').optional(),
    ),
    delivery_reason: z
      .string({ error: 'El motivo debe ser texto.' })
      .trim()
      .max(120, 'El motivo puede tener como máximo 120 caracteres.')
      .optional(),
    discount_code: orderCreateSchema.shape.discount_code,
    notes: orderCreateSchema.shape.notes,
    in_person: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.enum(IN_PERSON_METHODS, { error: 'Elige cómo te pagó.' }).optional(),
    ),
  })
  .superRefine((o, ctx) => {
    if (o.delivery_price !== undefined && !o.delivery_reason)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery_reason'],
        message: 'Di por qué el despacho cuesta distinto a lo de tu zona.',
      });
  })
  .transform((o, ctx) => {
    if (!o.delivery && !o.in_person)
      ctx.addIssue({
        code: 'custom',
        path: ['delivery', 'method'],
        message: 'Elige retiro o despacho.',
      });
    return {
      ...o,
      buyer: manualBuyer(o.buyer, Boolean(o.in_person), ctx),
      delivery: o.delivery ?? { method: 'retiro' as const },
    };
  });
export type ManualOrderInput = z.output<typeof manualOrderSchema>;

/** `PATCH /api/orders/{id}/`. */
export const orderPatchSchema = z.object({
  status: z.enum(ORDER_STATUSES, { error: 'Ese estado no existe.' }),
  /** Sent orders: the shipment's number at the carrier. */
  tracking_number: z
    .string({ error: 'El número de seguimiento debe ser texto.' })
    .trim()
    .max(60, 'El número de seguimiento puede tener como máximo 60 caracteres.')
    .regex(/^[A-Za-z0-9-]*$/, 'Usa solo letras, números y guiones en el número de seguimiento.')
    .optional(),
  carrier: z.enum(CARRIER_KEYS, { error: 'Elige una empresa de despacho de la lista.' }).optional(),
  /** A message to the buyer, shown on their order page and in the mail. */
  note: z
    .string({ error: 'El mensaje debe ser texto.' })
    .trim()
    .max(500, 'El mensaje puede tener como máximo 500 caracteres.')
    .optional(),
  version: z
    .number({ error: 'Versión no válida.' })
    .int('Versión no válida.')
    .min(1, 'Versión no válida.')
    .max(MAX_ID, 'Versión no válida.')
    .optional(),
});

export type OrderPatch = z.infer<typeof orderPatchSchema>;

/** The same lines merged: one per product, quantities added up to the limit. */
export function mergeItems(items: ItemRef[]): ItemRef[] {
  const merged = new Map<string, ItemRef>();
  for (const item of items) {
    const key = `${item.product}:${item.variant ?? ''}`;
    const quantity = Math.min(MAX_QUANTITY, (merged.get(key)?.quantity ?? 0) + item.quantity);
    merged.set(key, {
      product: item.product,
      ...(item.variant !== undefined && { variant: item.variant }),
      quantity,
    });
  }
  return [...merged.values()];
}

/** Order numbers: eight characters that cannot be misread (no 0/O, 1/I/L), as `K7Q4-MZ2X`. */
export const ORDER_NUMBER_ALPHABET = '23456789ABCDEFGHJKMNPQRSTUVWXYZ';

export function formatOrderNumber(randomBytes: Uint8Array): string {
  const chars = [...randomBytes.slice(0, 8)]
    .map((b) => ORDER_NUMBER_ALPHABET[b % ORDER_NUMBER_ALPHABET.length])
    .join('');
  return `${chars.slice(0, 4)}-${chars.slice(4)}`;
}

/** Webpay's two environments: Transbank's test one and the real one. */
export const WEBPAY_ENVIRONMENTS = ['integration', 'production'] as const;
export type WebpayEnvironment = (typeof WEBPAY_ENVIRONMENTS)[number];
export const WEBPAY_ENVIRONMENT_NAMES: Record<WebpayEnvironment, string> = {
  integration: 'Integración (pruebas de Transbank)',
  production: 'Producción (cobros reales)',
};

/**
 * `PUT /api/store/webpay/` and the form at `/cobros`: the seller's own Webpay Plus account. An
 * empty `api_key` keeps the stored one (it is never sent back to be edited).
 */
export const webpayAccountSchema = z.object({
  commerce_code: z
    .string({ error: 'Escribe tu código de comercio.' })
    .trim()
    .regex(/^\d{12}$/, 'El código de comercio son 12 dígitos, como 597012345678.'),
  api_key: z
    .string({ error: 'La llave secreta debe ser texto.' })
    .trim()
    .max(200, 'La llave secreta puede tener como máximo 200 caracteres.')
    .refine((v) => !/\s/.test(v), 'La llave secreta no lleva espacios.')
    .optional()
    .default(''),
  environment: z.enum(WEBPAY_ENVIRONMENTS, { error: 'Elige integración o producción.' }),
  version: z.coerce
    .number({ error: 'Falta la versión.' })
    .int('Versión no válida.')
    .min(0, 'Versión no válida.')
    .max(MAX_ID, 'Versión no válida.'),
});
export type WebpayAccountInput = z.infer<typeof webpayAccountSchema>;

/** `DELETE /api/store/webpay/`: the store's version the disconnection is based on. */
export const webpayRemoveSchema = webpayAccountSchema.pick({ version: true });
