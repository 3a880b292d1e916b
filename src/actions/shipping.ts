/**
 * The seller's couriers (/despacho): where parcels leave from, and the accounts (save, check,
 * disconnect). Each answers the toast to
 * show; the page redirects back, so all of it works without JavaScript.
 */
import { getDb } from '@/lib/server/db/client';
import { formAction, rowIdField } from '@/lib/server/http/action';
import { ORDER_NOT_FOUND } from '@/lib/orders/book.server';
import { requestShipment } from '@/lib/shipping/shipments.server';
import { requireShop } from '@/lib/team/shop.server';
import {
  checkShippingAccount,
  removeShippingAccount,
  saveShippingAccount,
  shippingCheckMessages,
  type ConnectableCourier,
} from '@/lib/shipping/accounts.server';
import { SHIPPING_PROVIDER_NAMES } from '@/lib/shipping/provider';
import {
  SHIPPING_ACCOUNT_SCHEMAS,
  shippingAccountRemoveSchema,
  shippingOriginSchema,
} from '@/lib/shipping/schemas';
import { saveShippingOrigin } from '@/lib/shipping/origin.server';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { checkAndRemoveForms, savedToast } from './account-forms';
import { z } from '@/lib/zod';

/** Save, check and disconnect one courier's account; each answers the toast to show. */
function courierActions(provider: ConnectableCourier) {
  const messages = shippingCheckMessages(provider);
  const name = SHIPPING_PROVIDER_NAMES[provider];
  return {
    save: formAction(SHIPPING_ACCOUNT_SCHEMAS[provider], {}, async (input, context) => {
      const userId = requireShop(context.locals).id;
      const saved = await saveShippingAccount(await getDb(), userId, provider, input);
      return savedToast(name, messages, saved.check);
    }),
    ...checkAndRemoveForms({
      name,
      messages,
      check: (db, userId) => checkShippingAccount(db, userId, provider),
      remove: (db, userId, version) => removeShippingAccount(db, userId, provider, version),
      removeSchema: shippingAccountRemoveSchema,
      removed: `Ya no cotizaremos despachos con tu cuenta ${name}.`,
    }),
  };
}

const shipitForms = courierActions('shipit');
const starkenForms = courierActions('starken');
const chilexpressForms = courierActions('chilexpress');

// Spelled out so each action's name is visible where it is exported (the form-actions test reads it).
export const shipit = {
  save: shipitForms.save,
  check: shipitForms.check,
  remove: shipitForms.remove,
};
export const starken = {
  save: starkenForms.save,
  check: starkenForms.check,
  remove: starkenForms.remove,
};
export const chilexpress = {
  save: chilexpressForms.save,
  check: chilexpressForms.check,
  remove: chilexpressForms.remove,
};

export const shipping = {
  origin: formAction(shippingOriginSchema, {}, async (input, context): Promise<Toast> => {
    const saved = await saveShippingOrigin(await getDb(), requireShop(context.locals).id, input);
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
      const shipment = await requestShipment(await getDb(), requireShop(context.locals).id, order);
      return { id: order, title: `Estamos creando el envío en ${shipment.provider_name}` };
    },
  ),
};
