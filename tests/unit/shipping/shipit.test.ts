/**
 * The Shipit adapter against the local Shipit (`tests/support/shipit.ts`, written from Shipit's
 * documentation): headers, Shipit's own comuna ids found by name without accents, «Sin Precios» as
 * no service, a hanging quote cut at 3 s, and a label that exists only some time after the shipment.
 */
import { describe, expect, it } from 'vitest';
import { pack } from '@/lib/shipping/parcel';
import { useCourierPeer } from '../../support/courier-peer';
import { SHIPIT_EMAIL, SHIPIT_TOKEN, startShipit } from '../../support/shipit';

const ctx = useCourierPeer(
  'SHIPIT_API_URL',
  () => startShipit({ labelAfterMs: 300 }),
  () => import('@/lib/shipping/providers/shipit/shipit.server'),
);
const parcel = pack([{ quantity: 2, weightG: 400, lengthCm: 12, widthCm: 10, heightCm: 10 }]);
const account = { email: SHIPIT_EMAIL, token: SHIPIT_TOKEN };

describe('shipit adapter', () => {
  it('quotes Santiago → Ñuñoa with Shipit’s own comuna ids: every courier, its price and days', async () => {
    const answer = await ctx.adapter
      .shipitClient(account)
      .quote({ from: '13101', to: '13120', parcel });
    expect(answer).toEqual({
      kind: 'quotes',
      quotes: [
        { courier: 'starken', name: 'Starken', price: expect.any(Number), days: 2 },
        { courier: 'chilexpress', name: 'Chilexpress', price: expect.any(Number), days: 1 },
      ],
    });
    expect(ctx.peer.calls).toContain('GET /v/communes');
  });

  it('«Sin Precios» is no service on that route, not an outage', async () => {
    ctx.peer.noService.add('CONCEPCION');
    const answer = await ctx.adapter
      .shipitClient(account)
      .quote({ from: '13101', to: '08101', parcel });
    expect(answer).toEqual({ kind: 'no-service' });
    ctx.peer.noService.clear();
  });

  it('a quote that hangs is cut at 3 s (checkout then shows the zone rates)', async () => {
    ctx.peer.quoteDelayMs = 6_000;
    try {
      await expect(
        ctx.adapter.shipitClient(account).quote({ from: '13101', to: '12101', parcel }),
      ).rejects.toThrow(/timeout|aborted/i);
    } finally {
      ctx.peer.quoteDelayMs = 0;
    }
  }, 10_000);

  it('keys Shipit does not know: rejected, and «Probar conexión» says so', async () => {
    const wrong = ctx.adapter.shipitClient({ email: SHIPIT_EMAIL, token: 'otro' });
    await expect(wrong.quote({ from: '13101', to: '13120', parcel })).rejects.toBeInstanceOf(
      ctx.errors.ShippingAccountRejected,
    );
    expect(await wrong.check()).toBe('rejected');
    expect(await ctx.adapter.shipitClient(account).check()).toBe('ok');
  });

  it('a shipment: its id at once, its tracking and label PDF only later; a reference once a day', async () => {
    const shipitClient = ctx.adapter.shipitClient(account);
    const shipment = {
      reference: 'H689BNA3',
      courier: 'starken',
      parcel,
      from: '13101',
      to: {
        name: 'Camila Soto',
        email: 'camila@impulsa.test',
        phone: '+56987654321',
        street: 'Av. Irarrázaval',
        number: '3400',
        complement: 'Depto 51',
        comuna: '13120',
      },
      items: [{ name: 'Taza', quantity: 2 }],
    };
    const { id } = await shipitClient.shipments!.create(shipment);
    const sent = ctx.peer.shipments.find((s) => String(s.id) === id)!;
    expect(sent.body).toMatchObject({
      reference: 'H689BNA3',
      items: 2,
      courier: { client: 'starken', selected: true, payable: false },
      destiny: { commune_name: 'NUNOA', full_name: 'Camila Soto', kind: 'home_delivery' },
    });
    expect(await shipitClient.shipments!.track(id)).toMatchObject({
      status: 'created',
      trackingNumber: null,
      labelUrl: null,
    });
    expect(await shipitClient.shipments!.label(id)).toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    expect(await shipitClient.shipments!.track(id)).toMatchObject({
      trackingNumber: `TRK${id}`,
      delivered: false,
    });
    const label = await shipitClient.shipments!.label(id);
    expect(Buffer.from(label!).subarray(0, 5).toString()).toBe('%PDF-');
    const again = await shipitClient.shipments!.create(shipment).catch((e: unknown) => e);
    expect(again).toBeInstanceOf(ctx.errors.ShippingError);
    expect((again as InstanceType<typeof ctx.errors.ShippingError>).status).toBe(422);
  });
});
