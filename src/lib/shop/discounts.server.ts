/**
 * A seller's discount codes (`/api/discounts/`, the page `/descuentos`) and their uses: an order
 * takes a use inside its own transaction with one conditional update (parallel checkouts never
 * pass the limit), and gives it back when it stops counting (`releaseStock`).
 */
import { and, asc, eq, sql } from 'drizzle-orm';
import {
  discountState,
  MAX_LIMITED,
  normalizeCode,
  type DiscountInput,
  type DiscountKind,
  type DiscountPatch,
  type DiscountRule,
  type DiscountState,
} from '@/lib/shop/discounts';
import type { Db } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { saveVersioned, type Tx } from '@/lib/server/db/versioned';
import { categories, discounts, discountUses, products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

type Row = typeof discounts.$inferSelect;

/** A code as the seller sees it, with what it has done. */
export interface DiscountView {
  id: number;
  code: string;
  kind: DiscountKind;
  value: number;
  min_subtotal: number | null;
  starts_at: string | null;
  ends_at: string | null;
  max_uses: number | null;
  max_uses_per_buyer: number | null;
  product_ids: number[];
  category_ids: number[];
  active: boolean;
  /** Orders holding a use now. */
  uses: number;
  /** What those orders add up to, in pesos (cancelled and rejected ones left out). */
  revenue: number;
  /** Where it stands now: activo, programado, vencido, pausado or agotado. */
  state: DiscountState;
  version: number;
  created_at: string;
}

export const DISCOUNT_NOT_FOUND = 'Ese código no existe.';

// Raw: drizzle leaves columns unqualified in a one-table select, and "id" would bind inside.
const COUNTED = sql.raw(
  `(select coalesce(sum(o.total), 0)::int from discount_uses u join orders o on o.id = u.order_id
    where u.discount_id = "discounts"."id" and o.status not in ('cancelado', 'rechazado'))`,
);

function toView(row: Row, revenue: number): DiscountView {
  const view = {
    id: row.id,
    code: row.code,
    kind: row.kind as DiscountKind,
    value: row.value,
    min_subtotal: row.minSubtotal,
    starts_at: row.startsAt?.toISOString() ?? null,
    ends_at: row.endsAt?.toISOString() ?? null,
    max_uses: row.maxUses,
    max_uses_per_buyer: row.maxUsesPerBuyer,
    product_ids: row.productIds as number[],
    category_ids: row.categoryIds as number[],
    active: row.active,
    uses: row.uses,
    revenue,
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
  return { ...view, state: discountState(view) };
}

const columnsOf = (input: Partial<DiscountInput>) => ({
  ...(input.code !== undefined && { code: input.code }),
  ...(input.kind !== undefined && { kind: input.kind }),
  ...(input.value !== undefined && { value: input.value }),
  ...(input.min_subtotal !== undefined && { minSubtotal: input.min_subtotal }),
  ...(input.starts_at !== undefined && { startsAt: input.starts_at }),
  ...(input.ends_at !== undefined && { endsAt: input.ends_at }),
  ...(input.max_uses !== undefined && { maxUses: input.max_uses }),
  ...(input.max_uses_per_buyer !== undefined && { maxUsesPerBuyer: input.max_uses_per_buyer }),
  ...(input.product_ids !== undefined && { productIds: input.product_ids }),
  ...(input.category_ids !== undefined && { categoryIds: input.category_ids }),
  ...(input.active !== undefined && { active: input.active }),
});

const taken = (code: string) =>
  new HttpError(409, `Ya tienes un código ${code}.`, {
    errors: { code: [`Ya tienes un código ${code}: elige otro.`] },
  });

export async function listDiscounts(db: Db, sellerId: number): Promise<DiscountView[]> {
  const rows = await db
    .select({ row: discounts, revenue: COUNTED })
    .from(discounts)
    .where(eq(discounts.sellerId, sellerId))
    .orderBy(asc(discounts.code));
  return rows.map((r) => toView(r.row, Number(r.revenue)));
}

/** The seller's products and categories by name: what a code may be limited to in the form. */
export async function discountChoices(
  db: Db,
  sellerId: number,
): Promise<{ products: Choice[]; categories: Choice[] }> {
  const [productRows, categoryRows] = await Promise.all([
    db
      .select({ id: products.id, name: products.name })
      .from(products)
      .where(eq(products.userId, sellerId))
      .orderBy(asc(products.name), asc(products.id))
      .limit(MAX_LIMITED),
    db
      .select({ id: categories.id, name: categories.name })
      .from(categories)
      .where(eq(categories.userId, sellerId))
      .orderBy(asc(categories.name)),
  ]);
  return { products: productRows, categories: categoryRows };
}

export interface Choice {
  id: number;
  name: string;
}

export async function getDiscount(db: Db, sellerId: number, id: number): Promise<DiscountView> {
  const [found] = await db
    .select({ row: discounts, revenue: COUNTED })
    .from(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)));
  if (!found) throw new HttpError(404, DISCOUNT_NOT_FOUND);
  return toView(found.row, Number(found.revenue));
}

export async function createDiscount(
  db: Db,
  sellerId: number,
  input: DiscountInput,
): Promise<DiscountView> {
  try {
    const [row] = await db
      .insert(discounts)
      .values({
        sellerId,
        ...columnsOf(input),
        code: input.code,
        kind: input.kind,
        value: input.value,
      })
      .returning();
    return toView(row!, 0);
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(input.code);
    throw error;
  }
}

export async function updateDiscount(
  db: Db,
  sellerId: number,
  id: number,
  patch: DiscountPatch,
): Promise<DiscountView> {
  const { version: base, ...fields } = patch;
  try {
    await saveVersioned(db, {
      base,
      lock: async (tx) =>
        (
          await tx
            .select()
            .from(discounts)
            .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
            .for('update')
        )[0],
      versionOf: (row) => row.version,
      async write(tx, version, current) {
        if (!current) throw new HttpError(404, DISCOUNT_NOT_FOUND);
        const next = { ...columnsOf(fields), version, updatedAt: sql`now()` };
        const kind = fields.kind ?? current.kind;
        const value = fields.value ?? current.value;
        if (kind === 'percent' && value > 100)
          throw new HttpError(400, 'Un porcentaje va de 1 a 100.', {
            errors: { value: ['Un porcentaje va de 1 a 100.'] },
          });
        await tx.update(discounts).set(next).where(eq(discounts.id, id));
      },
      conflict: {
        message: 'Este código cambió en otra pestaña. Revisa los datos guardados.',
        current: (row) => (row ? toView(row, 0) : null),
      },
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw taken(fields.code!);
    if (error instanceof HttpError && error.status === 409 && !(await exists(db, sellerId, id)))
      throw new HttpError(404, DISCOUNT_NOT_FOUND);
    throw error;
  }
  return getDiscount(db, sellerId, id);
}

const exists = async (db: Db, sellerId: number, id: number) =>
  (
    await db
      .select({ id: discounts.id })
      .from(discounts)
      .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
  ).length > 0;

export async function deleteDiscount(db: Db, sellerId: number, id: number): Promise<void> {
  const gone = await db
    .delete(discounts)
    .where(and(eq(discounts.id, id), eq(discounts.sellerId, sellerId)))
    .returning({ id: discounts.id });
  if (gone.length === 0) throw new HttpError(404, DISCOUNT_NOT_FOUND);
}

/** The seller's code as a buyer typed it, for pricing; null when there is none. */
export async function findDiscount(
  db: Db | Tx,
  sellerId: number,
  typed: string,
): Promise<(DiscountRule & { id: number }) | null> {
  const code = normalizeCode(typed);
  if (!/^[A-Z0-9-]{1,30}$/.test(code)) return null;
  const [row] = await db
    .select()
    .from(discounts)
    .where(and(eq(discounts.sellerId, sellerId), eq(discounts.code, code)));
  if (!row) return null;
  return {
    id: row.id,
    code: row.code,
    kind: row.kind as DiscountKind,
    value: row.value,
    minSubtotal: row.minSubtotal,
    startsAt: row.startsAt,
    endsAt: row.endsAt,
    productIds: row.productIds as number[],
    categoryIds: row.categoryIds as number[],
    active: row.active,
  };
}

/**
 * Takes one use of the code for an order, inside the order's transaction: one conditional update
 * (the row stays locked, so a buyer's own uses are counted in turn), then the buyer's limit.
 */
export async function takeDiscountUse(
  tx: Tx,
  discountId: number,
  orderId: number,
  email: string,
): Promise<void> {
  const [row] = await tx
    .update(discounts)
    .set({ uses: sql`${discounts.uses} + 1` })
    .where(
      and(
        eq(discounts.id, discountId),
        sql`(${discounts.maxUses} is null or ${discounts.uses} < ${discounts.maxUses})`,
      ),
    )
    .returning({ code: discounts.code, perBuyer: discounts.maxUsesPerBuyer });
  const refuse = (message: string) =>
    new HttpError(409, message, { errors: { discount_code: [message] } });
  if (!row) throw refuse('Ese código ya se usó todas las veces permitidas.');
  const buyer = email.toLowerCase();
  if (row.perBuyer !== null) {
    const [{ mine }] = (await tx
      .select({ mine: sql<number>`count(*)::int` })
      .from(discountUses)
      .where(and(eq(discountUses.discountId, discountId), eq(discountUses.buyerEmail, buyer)))) as [
      { mine: number },
    ];
    if (mine >= row.perBuyer)
      throw refuse(
        row.perBuyer === 1
          ? `Ya usaste el código ${row.code}.`
          : `Ya usaste el código ${row.code} las ${row.perBuyer} veces permitidas.`,
      );
  }
  await tx.insert(discountUses).values({ orderId, discountId, buyerEmail: buyer });
}

/** Gives an order's use back (it was cancelled, rejected or left unpaid), once. */
export async function returnDiscountUse(tx: Tx, orderId: number): Promise<void> {
  const [use] = await tx
    .delete(discountUses)
    .where(eq(discountUses.orderId, orderId))
    .returning({ discountId: discountUses.discountId });
  if (use)
    await tx
      .update(discounts)
      .set({ uses: sql`greatest(${discounts.uses} - 1, 0)` })
      .where(eq(discounts.id, use.discountId));
}
