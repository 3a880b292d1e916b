/**
 * The Chilexpress adapter against the local Chilexpress (`tests/support/chilexpress.ts`): one key
 * per API product, coverage codes found by the official code Chilexpress lists beside them, a
 * `statusCode` other than 0 about coverage as no service, and no shipments by API.
 */
import { describe, expect, it } from 'vitest';
import { pack } from '@/lib/shipping/parcel';
import { useCourierPeer } from '../../support/courier-peer';
import {
  CHILEXPRESS_COVERAGE_KEY,
  CHILEXPRESS_RATING_KEY,
  startChilexpress,
} from '../../support/chilexpress';

const ctx = useCourierPeer(
  'CHILEXPRESS_API_URL',
  () => startChilexpress(),
  () => import('@/lib/shipping/providers/chilexpress/chilexpress.server'),
);
const parcel = pack([{ quantity: 1, weightG: 1500, lengthCm: 30, widthCm: 20, heightCm: 10 }]);
const account = { ratingKey: CHILEXPRESS_RATING_KEY, coverageKey: CHILEXPRESS_COVERAGE_KEY };

describe('chilexpress adapter', () => {
  it('quotes Santiago → Valparaíso with Chilexpress’s coverage codes; it makes no shipments', async () => {
    const cx = ctx.adapter.chilexpressClient(account);
    expect(cx.shipments).toBeUndefined();
    expect(await cx.quote({ from: '13101', to: '05101', parcel })).toEqual({
      kind: 'quotes',
      quotes: [
        { courier: '3', name: 'Chilexpress Prioritario', price: 9490, days: null },
        { courier: '4', name: 'Chilexpress Express', price: 8790, days: null },
      ],
    });
    // Two regions' coverage read once each, whatever the number of quotes.
    await cx.quote({ from: '13101', to: '05101', parcel });
    expect(ctx.peer.calls.filter((c) => c.endsWith('/coverage-areas'))).toHaveLength(2);
  });

  it('no coverage is no service; a wrong key is rejected', async () => {
    ctx.peer.noService.add('VINA DEL MAR');
    const cx = ctx.adapter.chilexpressClient(account);
    expect(await cx.quote({ from: '13101', to: '05109', parcel })).toEqual({ kind: 'no-service' });
    const wrong = ctx.adapter.chilexpressClient({ ...account, ratingKey: 'otra' });
    await expect(wrong.quote({ from: '13101', to: '13120', parcel })).rejects.toBeInstanceOf(
      ctx.errors.ShippingAccountRejected,
    );
    expect(await wrong.check()).toBe('rejected');
    expect(await cx.check()).toBe('ok');
  });
});
