/**
 * A Mercado Libre notification (`{_id, resource, user_id, topic, application_id, attempts, sent,
 * received}`): no data and no signature, so all it may do is name an order to read with the
 * seller's token. Pure: the route and the reconciliation (`/missed_feeds`) read notices alike.
 */
import { scalar } from '@/lib/channels/mercadolibre/scalar';

export interface MlNotice {
  topic: string;
  /** The seller's Mercado Libre id. */
  userId: string;
  applicationId: string;
  /** The order it names (`/orders/2000001234`), for `orders_v2`; null otherwise. */
  orderId: string | null;
}

const ID = /^\d{1,20}$/;

/** The notice in `body`, or null when it is not one. */
export function parseNotice(body: unknown): MlNotice | null {
  if (!body || typeof body !== 'object' || Array.isArray(body)) return null;
  const notice = body as Record<string, unknown>;
  const topic = scalar(notice.topic);
  const userId = scalar(notice.user_id);
  const applicationId = scalar(notice.application_id);
  const resource = scalar(notice.resource);
  if (!topic || !ID.test(userId) || !ID.test(applicationId)) return null;
  const order = /^\/orders\/(\d{1,20})$/.exec(resource);
  return {
    topic,
    userId,
    applicationId,
    orderId: topic === 'orders_v2' && order ? order[1]! : null,
  };
}
