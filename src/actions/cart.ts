/**
 * The cart and the checkout (docs/design.md §7 Orders and payment), public: a buyer has no
 * account. Each runs on the host it was posted to (a site's, or the main domains with
 * `?tienda=`), then the shop headers' count follows the cart.
 */
import type { ActionAPIContext } from 'astro:actions';
import { cartToken, syncCartCounts } from '@/lib/checkout/cart.server';
import {
  changeLine,
  checkout,
  putInCart,
  type PayContext,
  type PayDone,
} from '@/lib/checkout/checkout.server';
import { cartLineForm, checkoutForm } from '@/lib/checkout/cart-form';
import { payHost } from '@/lib/checkout/pay-host.server';
import { parseId } from '@/lib/ids';
import { formAction } from '@/lib/server/http/action';
import { clientIp } from '@/lib/server/http/auth';
import { HttpError } from '@/lib/server/http/errors';
import { getDb } from '@/lib/server/db/client';
import { z } from '@/lib/zod';

/** A cart step on this request's host, its form typed by `schema`, the headers' count synced after it. */
const step = <S extends z.ZodType<Record<string, string | undefined>>>(
  schema: S,
  run: (ctx: PayContext, fields: z.output<S>) => Promise<PayDone>,
) =>
  formAction(
    schema,
    {},
    async (fields, context: ActionAPIContext) => {
      const db = await getDb();
      const host = await payHost(db, context.locals.site);
      if (host === 'missing') throw new HttpError(404, 'Esta tienda no existe.');
      const token = cartToken(context.cookies, context.url, true)!;
      const done = await run(
        {
          db,
          token,
          site: host?.site ?? null,
          sellerId: parseId(context.url.searchParams.get('tienda')),
          clientIp: clientIp(context),
        },
        fields,
      );
      await syncCartCounts(db, context.cookies, context.url, token);
      return done;
    },
    { public: true },
  );

export const cart = {
  add: step(cartLineForm, (ctx, fields) => putInCart(ctx, fields, 'cart')),
  buy: step(cartLineForm, (ctx, fields) => putInCart(ctx, fields, 'checkout')),
  update: step(cartLineForm, (ctx, fields) => changeLine(ctx, fields, false)),
  remove: step(cartLineForm, (ctx, fields) => changeLine(ctx, fields, true)),
  quote: step(checkoutForm, (ctx, fields) => checkout(ctx, fields, 'quote')),
  discount: step(checkoutForm, (ctx, fields) => checkout(ctx, fields, 'discount')),
  checkout: step(checkoutForm, (ctx, fields) => checkout(ctx, fields, 'place')),
};
