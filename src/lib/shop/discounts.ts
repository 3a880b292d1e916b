/**
 * Discount codes: one zod schema for `/api/discounts/` and the seller's form at `/descuentos`, and
 * the pricing of a code against an order's lines, shared by the checkout page and the order, so
 * the buyer sees what they will pay. Pure.
 */
import { idSchema, z } from '@/lib/zod';
import { chileDayEdge } from '@/lib/dates';
import { MAX_ID } from '@/lib/ids';
import { formatClp } from '@/lib/money';
import { amount, blankToNull } from '@/lib/shop/schemas';

export const DISCOUNT_KINDS = ['percent', 'amount'] as const;
export type DiscountKind = (typeof DISCOUNT_KINDS)[number];
export const DISCOUNT_KIND_NAMES: Record<DiscountKind, string> = {
  percent: 'Porcentaje',
  amount: 'Monto fijo',
};

/** A code as buyers type it: letters, digits and dashes, any case. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

/** What a code takes off, as a list shows it: `10 %` or `$2.000`. */
export function discountAmountText(code: { kind: DiscountKind; value: number }): string {
  return code.kind === 'percent' ? `${code.value} %` : formatClp(code.value);
}

const CODE_MESSAGE = 'Usa de 3 a 30 letras, números o guiones, como VERANO-10.';

export const discountCodeSchema = z
  .string({ error: CODE_MESSAGE })
  .transform(normalizeCode)
  .pipe(z.string().regex(/^[A-Z0-9-]{3,30}$/, CODE_MESSAGE));

const limit = (message: string) =>
  z.preprocess(
    blankToNull,
    z.coerce
      .number({ error: message })
      .int(message)
      .min(1, message)
      .max(1_000_000, message)
      .nullable(),
  );

/** A date typed in the form (`2026-12-01`: the whole day in Chile) or sent as ISO; empty: none. */
const day = (message: string, edge: 'start' | 'end') =>
  z.preprocess(
    (v) =>
      typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v.trim())
        ? chileDayEdge(v.trim(), edge)
        : blankToNull(v),
    z.coerce.date({ error: message }).nullable(),
  );

/** Products or categories one code may be limited to. */
export const MAX_LIMITED = 200;

/** A list of ids: an array (the API) or the values of a checkbox group joined by commas (a form). */
const ids = (message: string) =>
  z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').filter((id) => id.trim() !== '') : v),
      z.array(idSchema(message), { error: message }).max(MAX_LIMITED, message),
    )
    .default([]);

const discountFields = {
  code: discountCodeSchema,
  kind: z.enum(DISCOUNT_KINDS, { error: 'Elige porcentaje o monto fijo.' }),
  value: z.coerce
    .number({ error: 'Escribe cuánto descuenta el código.' })
    .int('Escribe un número entero.')
    .min(1, 'El descuento debe ser mayor que cero.')
    .max(999_999_999, 'El descuento es demasiado alto.'),
  min_subtotal: z.preprocess(blankToNull, amount('el monto mínimo').nullable()).default(null),
  starts_at: day('Escribe la fecha de inicio como 2026-12-01.', 'start').default(null),
  ends_at: day('Escribe la fecha de término como 2026-12-31.', 'end').default(null),
  max_uses: limit('Escribe cuántas veces en total se puede usar (1 o más).').default(null),
  max_uses_per_buyer: limit('Escribe cuántas veces lo puede usar cada cliente (1 o más).').default(
    null,
  ),
  product_ids: ids('Elige productos de tu tienda.'),
  category_ids: ids('Elige categorías de tu tienda.'),
  active: z
    .preprocess(
      (v) => (typeof v === 'string' ? !['', 'false', '0', 'off'].includes(v) : v),
      z.boolean({ error: 'Indica si el código está activo.' }),
    )
    .default(true),
};

const checkDiscount = (
  d: { kind?: DiscountKind; value?: number; starts_at?: Date | null; ends_at?: Date | null },
  ctx: z.RefinementCtx,
) => {
  if (d.kind === 'percent' && d.value !== undefined && d.value > 100)
    ctx.addIssue({
      code: 'custom',
      path: ['value'],
      message: 'Un porcentaje va de 1 a 100.',
    });
  if (d.starts_at && d.ends_at && d.ends_at < d.starts_at)
    ctx.addIssue({
      code: 'custom',
      path: ['ends_at'],
      message: 'La fecha de término debe ser después de la de inicio.',
    });
};

export const ENDED_ALREADY = 'Esa fecha de término ya pasó: elige hoy o una fecha futura.';

/** `POST /api/discounts/`: a code that has already ended is refused, not created as «Activo». */
export const discountCreateSchema = z
  .object(discountFields)
  .superRefine(checkDiscount)
  .superRefine((d, ctx) => {
    if (d.ends_at && d.ends_at.getTime() < Date.now())
      ctx.addIssue({ code: 'custom', path: ['ends_at'], message: ENDED_ALREADY });
  });
export type DiscountInput = z.infer<typeof discountCreateSchema>;

/** `PATCH /api/discounts/{id}/`: any fields, at the stored version. */
export const discountPatchSchema = z
  .object(discountFields)
  .partial()
  .extend({
    version: z.coerce
      .number({ error: 'Falta la versión.' })
      .int('Versión no válida.')
      .min(1, 'Versión no válida.')
      .max(MAX_ID, 'Versión no válida.'),
  })
  .superRefine(checkDiscount);
export type DiscountPatch = z.infer<typeof discountPatchSchema>;

/** Where a code stands today, as its seller's list shows it. */
export type DiscountState = 'activo' | 'programado' | 'vencido' | 'pausado' | 'agotado';

export const DISCOUNT_STATE_LABELS: Record<DiscountState, string> = {
  activo: 'Activo',
  programado: 'Programado',
  vencido: 'Vencido',
  pausado: 'Pausado',
  agotado: 'Agotado',
};

/** A code's state at `now`: paused by the seller, over, not started, used up, or taking orders. */
export function discountState(
  d: {
    active: boolean;
    starts_at: string | Date | null;
    ends_at: string | Date | null;
    uses: number;
    max_uses: number | null;
  },
  now = Date.now(),
): DiscountState {
  if (!d.active) return 'pausado';
  if (d.ends_at && new Date(d.ends_at).getTime() < now) return 'vencido';
  if (d.max_uses !== null && d.uses >= d.max_uses) return 'agotado';
  if (d.starts_at && new Date(d.starts_at).getTime() > now) return 'programado';
  return 'activo';
}

/** What pricing needs of a code. */
export interface DiscountRule {
  code: string;
  kind: DiscountKind;
  value: number;
  minSubtotal: number | null;
  startsAt: Date | null;
  endsAt: Date | null;
  productIds: number[];
  categoryIds: number[];
  active: boolean;
}

export type DiscountPrice = { ok: true; amount: number } | { ok: false; message: string };

export const DISCOUNT_UNKNOWN = 'Ese código no existe o ya no está vigente.';

/**
 * What `rule` takes off lines that add up to `subtotal`, at `now`: a percentage (rounded down) or
 * an amount, of the lines it covers only, never more than they cost.
 */
export function priceDiscount(
  rule: DiscountRule | null,
  lines: { product: number; categoryId: number | null; price: number; quantity: number }[],
  subtotal: number,
  now = new Date(),
): DiscountPrice {
  if (
    !rule ||
    !rule.active ||
    (rule.startsAt && now < rule.startsAt) ||
    (rule.endsAt && now > rule.endsAt)
  )
    return { ok: false, message: DISCOUNT_UNKNOWN };
  if (rule.minSubtotal !== null && subtotal < rule.minSubtotal)
    return {
      ok: false,
      message: `El código ${rule.code} es para compras desde ${formatClp(rule.minSubtotal)}.`,
    };
  const limited = rule.productIds.length > 0 || rule.categoryIds.length > 0;
  const covered = lines
    .filter(
      (l) =>
        !limited ||
        rule.productIds.includes(l.product) ||
        (l.categoryId !== null && rule.categoryIds.includes(l.categoryId)),
    )
    .reduce((sum, l) => sum + l.price * l.quantity, 0);
  if (covered === 0)
    return { ok: false, message: `El código ${rule.code} no aplica a estos productos.` };
  const off =
    rule.kind === 'percent'
      ? Math.floor((covered * rule.value) / 100)
      : Math.min(rule.value, covered);
  return { ok: true, amount: off };
}
