/**
 * The seller's couriers (/despacho): where parcels leave from, and the accounts (save, check,
 * disconnect). Each answers the toast to
 * show; the page redirects back, so all of it works without JavaScript.
 */
import { getDb } from '@/lib/server/db/client';
import { formAction, rowIdField } from '@/lib/server/http/action';
import { ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { requestShipment } from '@/lib/shipping/shipments.server';
import { requireUser } from '@/lib/server/http/auth';
import {
  checkShippingAccount,
  removeShippingAccount,
  saveShippingAccount,
  shippingCheckMessages,
} from '@/lib/shipping/accounts.server';
import {
  shipitAccountSchema,
  shippingAccountRemoveSchema,
  shippingOriginSchema,
} from '@/lib/shipping/schemas';
import { saveShippingOrigin } from '@/lib/shipping/origin.server';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

const messages = shippingCheckMessages('shipit');

export const shipit = {
  save: formAction(shipitAccountSchema, {}, async (input, context): Promise<Toast> => {
    const saved = await saveShippingAccount(
      await getDb(),
      requireUser(context.locals).id,
      'shipit',
      input,
    );
    if (saved.check === 'ok')
      return {
        title: 'Cuenta Shipit guardada y verificada',
        description: messages.ok.description,
      };
    const rejected = saved.check === 'rejected';
    return {
      ...messages[rejected ? 'rejected' : 'unreachable'],
      title: `Cuenta guardada, pero ${rejected ? 'Shipit no la reconoce' : 'no pudimos verificarla'}`,
      variant: 'destructive',
    };
  }),
  check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    const result = await checkShippingAccount(
      await getDb(),
      requireUser(context.locals).id,
      'shipit',
    );
    return { ...messages[result], variant: result === 'ok' ? 'default' : 'destructive' };
  }),
  remove: formAction(
    shippingAccountRemoveSchema,
    {},
    async ({ version }, context): Promise<Toast> => {
      await removeShippingAccount(await getDb(), requireUser(context.locals).id, 'shipit', version);
      return {
        title: 'Shipit desconectado',
        description: 'Ya no cotizaremos despachos con tu cuenta Shipit.',
      };
    },
  ),
};

export const shipping = {
  origin: formAction(shippingOriginSchema, {}, async (input, context): Promise<Toast> => {
    const saved = await saveShippingOrigin(await getDb(), requireUser(context.locals).id, input);
    return saved.ship_from
      ? {
          title: 'Origen de tus envíos guardado',
          description: 'Los couriers cotizarán desde esa comuna con tu caja.',
        }
      : {
          title: 'Origen de tus envíos guardado',
          description: 'Sin comuna de origen, tus clientes ven solo tus costos por zona.',
        };
  }),
};

export const shipments = {
  /**
   * «Crear envío» on an order's page: queued once, however often it is pressed. Named for the
   * order it acts on, so the form-actions test checks another seller's post finds nothing.
   */
  request: formAction(
    z.object({}),
    { order: rowIdField(ORDER_NOT_FOUND) },
    async ({ order }, context) => {
      await requestShipment(await getDb(), requireUser(context.locals).id, order);
      return { id: order, title: 'Estamos creando el envío en Shipit' };
    },
  ),
};
