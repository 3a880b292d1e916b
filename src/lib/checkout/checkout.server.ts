/**
 * The cart and checkout as named steps (`actions/cart.ts` posts them): put a product in the cart
 * (from its page), change or remove a line, and the checkout (price a comuna or a code, place the
 * order). Each returns where to go next; a refusal the buyer can fix comes back with the fields as
 * typed (they are saved with the cart too, so a reload keeps them).
 */
import { z } from '@/lib/zod';
import { and, eq } from 'drizzle-orm';
import {
  addToCart,
  emptyCart,
  readCart,
  saveBuyerDraft,
  setCartQuantity,
  type BuyerDraft,
} from '@/lib/checkout/cart.server';
import { createOrder } from '@/lib/checkout/placing.server';
import { PaymentUnavailableError } from '@/lib/payments/start.server';
import { CHECKOUT_FIELDS, checkoutInput, PER_ORDER_FIELDS } from '@/lib/checkout/checkout-form';
import type { CartLineForm, CheckoutForm } from '@/lib/checkout/cart-form';
import { quantitySchema } from '@/lib/orders/schemas';
import { paidByProvider, type PaymentMethod } from '@/lib/shop/payment-methods';
import { payPath, receiptPath } from '@/lib/orders/urls';
import { parseId } from '@/lib/ids';
import { variantByValues, type ProductOption } from '@/lib/shop/variants';
import { variantsOf } from '@/lib/shop/variants.server';
import type { Db } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export interface PayContext {
  db: Db;
  token: string;
  /** The site whose host this is (its seller's shop only), or null on the main domains. */
  site: { id: number; userId: number; url: string } | null;
  /** The shop named by the page (`?tienda=`), on the main domains. */
  sellerId: number | null;
  clientIp: string;
}

/** What to do after a successful action: go there (303). */
export type PayDone = { redirect: string };

const NOT_FOR_SALE = 'Ese producto no está a la venta.';

/** The published product behind a form's `product` field, in this host's shop. */
async function productToSell(
  ctx: PayContext,
  raw: string | undefined,
): Promise<{ id: number; sellerId: number; name: string; options: unknown }> {
  const id = parseId(raw);
  if (id === null) throw new HttpError(404, NOT_FOR_SALE);
  const [row] = await ctx.db
    .select({
      id: products.id,
      sellerId: products.userId,
      name: products.name,
      options: products.options,
    })
    .from(products)
    .where(
      and(
        eq(products.id, id),
        eq(products.published, true),
        ctx.site ? eq(products.userId, ctx.site.userId) : undefined,
      ),
    );
  if (!row) throw new HttpError(404, NOT_FOR_SALE);
  return row;
}

/**
 * The variant a product page's form chose: its option radios (`opcion-0`, `opcion-1`…) name the
 * values; an API-style `variant` id is taken as well. Undefined for a product without options; a
 * 400 in Spanish when the choice is missing, unknown or not sold.
 */
async function chosenVariant(
  db: Db,
  product: { id: number; name: string; options: unknown },
  fields: CartLineForm,
): Promise<number | undefined> {
  const options = product.options as ProductOption[];
  if (options.length === 0) return undefined;
  const variants = (await variantsOf(db, [product.id])).get(product.id)!;
  const byId = parseId(fields.variant);
  const chosen = fields as Record<string, string | undefined>;
  const values = options.map((_, i) => chosen[`opcion-${i}`] ?? '');
  const variant =
    byId !== null ? variants.find((v) => v.id === byId) : variantByValues(variants, values);
  const message = !variant
    ? `Elige ${options.map((o) => o.name.toLowerCase()).join(' y ')} de «${product.name}».`
    : !variant.enabled || variant.stock === 0
      ? `«${product.name}» en ${variant.name} no está disponible.`
      : null;
  if (message) throw new HttpError(400, message, { errors: { variant: [message] } });
  return variant!.id;
}

const mainShop = (ctx: PayContext, sellerId: number) => (ctx.site ? null : sellerId);

/** Adds the product a product page's form names; `then`: back to the cart, or on to the checkout. */
export async function putInCart(
  ctx: PayContext,
  fields: CartLineForm,
  then: 'cart' | 'checkout',
): Promise<PayDone> {
  const product = await productToSell(ctx, fields.product);
  const quantity = quantitySchema.parse(fields.quantity || '1');
  const variant = await chosenVariant(ctx.db, product, fields);
  await addToCart(ctx.db, ctx.token, product.sellerId, {
    product: product.id,
    ...(variant !== undefined && { variant }),
    quantity,
  });
  const path = payPath(
    mainShop(ctx, product.sellerId),
    then === 'cart' ? { agregado: String(product.id) } : {},
  );
  return { redirect: then === 'checkout' ? `${path}#datos` : path };
}

/** Sets a cart line's quantity (`remove`: to none). */
export async function changeLine(
  ctx: PayContext,
  fields: CartLineForm,
  remove: boolean,
): Promise<PayDone> {
  const sellerId = ctx.site?.userId ?? ctx.sellerId;
  const id = parseId(fields.product);
  if (sellerId === null || id === null) throw new HttpError(404, NOT_FOR_SALE);
  const variant = parseId(fields.variant) ?? undefined;
  const quantity = remove
    ? 0
    : z.coerce.number().int().min(0).max(999).catch(1).parse(fields.quantity);
  await setCartQuantity(ctx.db, ctx.token, sellerId, { product: id, variant }, quantity);
  return { redirect: payPath(mainShop(ctx, sellerId)) };
}

/**
 * The checkout form: the buyer's fields are kept with the cart first (a refusal or a reload
 * loses nothing); «Calcular despacho» and «Aplicar» (`quote`, `discount`) come back to the page,
 * which prices the comuna or the code just kept; `place` places the order.
 */
export async function checkout(
  ctx: PayContext,
  fields: CheckoutForm,
  step: 'quote' | 'discount' | 'place',
): Promise<PayDone> {
  const sellerId = ctx.site?.userId ?? ctx.sellerId;
  const cart = sellerId === null ? null : await readCart(ctx.db, ctx.token, sellerId);
  if (!cart || cart.items.length === 0) throw new HttpError(400, 'Tu carro está vacío.');
  const draft: BuyerDraft = Object.fromEntries(CHECKOUT_FIELDS.map((f) => [f, fields[f] ?? '']));
  const kept = Object.fromEntries(
    Object.entries(draft).filter(([field]) => !PER_ORDER_FIELDS.includes(field)),
  );
  await saveBuyerDraft(ctx.db, ctx.token, cart.sellerId, kept);
  if (step !== 'place') {
    const back = step === 'quote' ? '#entrega' : '#descuento';
    return { redirect: payPath(mainShop(ctx, cart.sellerId)) + back };
  }
  const quoted = fields['delivery.quote'];
  const input = checkoutInput(draft, cart.items, ctx.site?.id);
  const created = await createOrder(ctx.db, input, {
    origin: ctx.site?.url,
    hostSiteId: ctx.site?.id ?? null,
    clientIp: ctx.clientIp,
    quotedDelivery: quoted && /^\d+$/.test(quoted) ? Number(quoted) : null,
  }).catch((error: unknown) => {
    // Webpay down or refusing the shop: back to the form, everything typed kept (the draft
    // above), with the shop's other ways to pay.
    if (error instanceof PaymentUnavailableError)
      throw new HttpError(409, error.message, { errors: { payment_method: [error.message] } });
    throw error;
  });
  // An order paid at a provider keeps the cart until it is paid: a rejected card can try again.
  if (!paidByProvider(created.order.payment_method))
    await emptyCart(ctx.db, ctx.token, cart.sellerId);
  // Flow: straight to its page, where the buyer pays.
  if (created.redirect) return { redirect: created.redirect };
  // The receipt first, always: a WhatsApp order's page carries the button to the seller's
  // chat, with the order and this page's link written out.
  const anchor: Record<PaymentMethod, string> = {
    webpay: '#pagar',
    flow: '#pagar',
    mercadopago: '#pagar',
    whatsapp: '#whatsapp',
    transferencia: '',
    en_persona: '',
    mercadolibre: '',
  };
  return {
    redirect: receiptPath(created.row.receiptToken) + anchor[created.order.payment_method],
  };
}
