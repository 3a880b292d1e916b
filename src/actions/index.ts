/**
 * Every form's action, by feature (docs/architecture.md, "A form post"). Each calls the same
 * services as the JSON API; the API stays the spec's contract.
 */
import { accounts } from './accounts';
import { backoffice } from './backoffice';
import { cart } from './cart';
import { customers } from './customers';
import { discounts } from './discounts';
import { formation } from './formation';
import { invoicing } from './invoicing';
import { lessons } from './lessons';
import { orders, webpay } from './orders';
import { flow, mercadopago } from './payments';
import { privacy } from './privacy';
import { receipt } from './receipt';
import { chilexpress, shipit, shipments, shipping, starken } from './shipping';
import { mercadolibre } from './channels';
import { categories, shop } from './shop';
import { sites } from './sites';
import { team } from './team';

export const server = {
  accounts,
  backoffice,
  cart,
  chilexpress,
  categories,
  customers,
  discounts,
  flow,
  formation,
  invoicing,
  lessons,
  mercadopago,
  orders,
  privacy,
  receipt,
  shipit,
  shipping,
  shipments,
  mercadolibre,
  shop,
  sites,
  starken,
  team,
  webpay,
};
