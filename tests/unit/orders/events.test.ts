/** The order's events: listeners run in their installed order, and an unwired event is refused. */
import { describe, expect, it, vi } from 'vitest';
import type { OrderEvent, OrderListener } from '@/lib/orders/events.server';
import type { OrderRow } from '@/lib/orders/view.server';

const fresh = async () => {
  vi.resetModules();
  return import('@/lib/orders/events.server');
};
const event: OrderEvent = { type: 'refund_due', row: { id: 7 } as OrderRow };
const tx = {} as Parameters<OrderListener>[0];

describe('order events', () => {
  it('refuses to run before the composition root installs its listeners: nothing is lost silently', async () => {
    const { orderHappened } = await fresh();
    await expect(orderHappened(tx, event)).rejects.toThrow(/not installed/);
  });

  it('runs each listener once, in order, in the same transaction', async () => {
    const { installOrderListeners, orderHappened } = await fresh();
    const seen: string[] = [];
    const listener =
      (name: string): OrderListener =>
      async (got, e) => {
        expect(got).toBe(tx);
        seen.push(`${name}:${e.type}`);
        await Promise.resolve();
      };
    installOrderListeners([listener('mails'), listener('refunds'), listener('documents')]);
    await orderHappened(tx, event);
    expect(seen).toEqual(['mails:refund_due', 'refunds:refund_due', 'documents:refund_due']);
  });

  it('the composition root installs mails, refunds and documents', async () => {
    const events = await fresh();
    const install = vi.spyOn(events, 'installOrderListeners');
    await import('@/lib/order-effects.server');
    expect(install).toHaveBeenCalledTimes(1);
    expect(install.mock.calls[0]![0]).toHaveLength(3);
  });
});
