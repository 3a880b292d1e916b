/**
 * What the seller's detail of an order carries beyond the order book (`GET /api/orders/{id}/`,
 * `/ordenes/{id}`): its tax documents, and for a marketplace's sale where it came from and
 * whether its boleta reached the pack (issue 66).
 */
import {
  channelOrderOf,
  type ChannelOrderView,
} from '@/lib/channels/mercadolibre/fiscal-upload.server';
import { sellerDocuments, type OrderDocuments } from '@/lib/invoicing/documents.server';
import type { OrderRow } from '@/lib/orders/view.server';
import type { Db } from '@/lib/server/db/client';

export interface SellerOrderDetail extends OrderDocuments {
  /** Null for the shop's own sales. */
  channel_order: ChannelOrderView | null;
}

export async function sellerOrderDetail(
  db: Db,
  row: Pick<OrderRow, 'id' | 'channel'>,
): Promise<SellerOrderDetail> {
  const [documents, channelOrder] = await Promise.all([
    sellerDocuments(db, row),
    row.channel === 'tienda' ? null : channelOrderOf(db, row.id),
  ]);
  return { ...documents, channel_order: channelOrder };
}
