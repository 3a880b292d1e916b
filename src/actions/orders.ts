/**
 * The seller's order forms (docs/design.md §7 Orders and payment): move an order, the delivery
 * settings (/despacho), their own Webpay account (/cobros). Each answers the toast to show.
 */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireShop } from '@/lib/team/shop.server';
import { getDb } from '@/lib/server/db/client';
import { deliverySettingsSchema } from '@/lib/shop/delivery';
import { deliveryFormInput } from '@/lib/shop/delivery-form';
import { saveDelivery } from '@/lib/shop/delivery.server';
import { moveOrder, ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { noExtras } from '@/lib/orders/view.server';
import {
  orderPatchSchema,
  STATUS_LABELS,
  webpayAccountSchema,
  webpayRemoveSchema,
} from '@/lib/orders/schemas';
import {
  checkStoredWebpayAccount,
  removeWebpayAccount,
  saveWebpayAccount,
  WEBPAY_CHECK_MESSAGES,
} from '@/lib/payments/providers/webpay/account.server';
import { anonymiseBuyer, parseBuyerQuery } from '@/lib/orders/data-requests.server';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';
import { createManualOrder } from '@/lib/checkout/manual.server';
import { manualOrderFromForm } from '@/lib/checkout/manual-form';
import { manualOrderSchema } from '@/lib/orders/schemas';
import { COUNTER_PATHS, ORDER_PATHS } from '@/lib/orders/urls';
import { createOnce, formKeySchema } from '@/lib/server/http/once';

/** The move form's fields as the API's patch: an empty optional field is left out. */
const moveFields = z
  .record(z.string(), z.string())
  .transform(({ version, ...rest }): Record<string, unknown> => ({
    ...Object.fromEntries(Object.entries(rest).filter(([, v]) => v !== '')),
    version: Number(version),
  }))
  .pipe(orderPatchSchema);

export const orders = {
  /** An order the seller takes (`/ordenes/nueva`); `to` is its page. Posted twice: one order. */
  manual: formAction(
    z.preprocess(manualOrderFromForm, manualOrderSchema),
    { form_key: formKeySchema },
    async ({ form_key, ...input }, context) => {
      const user = requireShop(context.locals);
      const db = await getDb();
      const once = await createOnce(
        db,
        user.id,
        form_key,
        () => createManualOrder(db, user.id, input, user.userId),
        (made) => ORDER_PATHS.order(made.order.id),
        { form: 'manual-order', fields: input },
      );
      return 'made' in once
        ? { to: ORDER_PATHS.order(once.made.order.id), number: once.made.order.number }
        : { to: once.again, number: null };
    },
  ),
  /**
   * A sale at the counter (/vender, issue 67): paid in person and handed over; `to` is its 80 mm
   * receipt. Once per form (its key): a double press or a Back and resend makes one sale, while
   * the next buyer's identical sale, from a new form, is a new one.
   */
  counter: formAction(
    z.preprocess(manualOrderFromForm, manualOrderSchema),
    { form_key: formKeySchema },
    async ({ form_key, ...input }, context) => {
      const shop = requireShop(context.locals);
      const db = await getDb();
      const once = await createOnce(
        db,
        shop.id,
        form_key,
        () => createManualOrder(db, shop.id, input, shop.userId),
        (made) => COUNTER_PATHS.receipt(made.order.id),
      );
      return { to: 'made' in once ? COUNTER_PATHS.receipt(once.made.order.id) : once.again };
    },
  ),
  /** One move of the status machine; `to` is the order's page. */
  move: formAction(
    moveFields,
    { order: rowIdField(ORDER_NOT_FOUND) },
    async ({ order, ...move }, context) => {
      const db = await getDb();
      const shop = requireShop(context.locals);
      const moved = await moveOrder(db, shop.id, order, move, noExtras, shop);
      return {
        id: moved.id,
        title: `Orden ${moved.number}: ${STATUS_LABELS[moved.status].toLowerCase()}`,
      };
    },
  ),
  delivery: formAction(
    z
      .record(z.string(), z.string())
      .transform((f) => deliverySettingsSchema.parse(deliveryFormInput(f))),
    {},
    async (settings, context): Promise<Toast> => {
      await saveDelivery(await getDb(), requireShop(context.locals).id, settings);
      return {
        title: 'Despacho guardado',
        description: 'Tus clientes ven estos costos y plazos al comprar.',
      };
    },
  ),
  /** «Solicitudes de datos»: the buyer's personal fields erased from the seller's orders. */
  anonymiseBuyer: formAction(
    z.object({
      q: z.string().max(320),
      confirmo: z.literal('si', { error: 'Confirma que la persona pidió borrar sus datos.' }),
    }),
    {},
    async ({ q }, context): Promise<Toast> => {
      const user = requireShop(context.locals);
      const count = await anonymiseBuyer(await getDb(), user.id, parseBuyerQuery(q));
      return {
        title: 'Datos borrados',
        description:
          count === 1
            ? 'Quitamos sus datos personales de 1 pedido. Los montos siguen en tus cifras.'
            : `Quitamos sus datos personales de ${count} pedidos. Los montos siguen en tus cifras.`,
      };
    },
  ),
};

export const webpay = {
  save: formAction(webpayAccountSchema, {}, async (input, context): Promise<Toast> => {
    const saved = await saveWebpayAccount(await getDb(), requireShop(context.locals).id, input);
    // Saving asks Webpay at once: the toast says what it answered.
    if (saved.check === 'ok')
      return {
        title: 'Cuenta Webpay guardada y verificada',
        description: `Código de comercio ${saved.commerce_code}. ${WEBPAY_CHECK_MESSAGES.ok.description}`,
      };
    const rejected = saved.check === 'rejected';
    return {
      ...WEBPAY_CHECK_MESSAGES[rejected ? 'rejected' : 'unreachable'],
      title: `Cuenta guardada, pero ${rejected ? 'Webpay no la reconoce' : 'no pudimos verificarla'}`,
      variant: 'destructive',
    };
  }),
  check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    const result = await checkStoredWebpayAccount(await getDb(), requireShop(context.locals).id);
    return {
      ...WEBPAY_CHECK_MESSAGES[result],
      variant: result === 'ok' ? 'default' : 'destructive',
    };
  }),
  remove: formAction(webpayRemoveSchema, {}, async ({ version }, context): Promise<Toast> => {
    await removeWebpayAccount(await getDb(), requireShop(context.locals).id, version);
    return {
      title: 'Webpay desconectado',
      description: 'Tus clientes pueden pagar por transferencia o WhatsApp.',
    };
  }),
};
