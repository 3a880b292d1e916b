/**
 * The Starken adapter against the local Starken (`tests/support/starken.ts`): Bearer, Starken's own
 * city and comuna codes found by name (a comuna it calls «SANTIAGO CENTRO» included), only home
 * delivery paid by the sender, no rate as no service, a hanging quote cut at 3 s, and an emission
 * whose orden de flete, label and tracking come later.
 */
import { describe, expect, it } from 'vitest';
import { pack } from '@/lib/shipping/parcel';
import { useCourierPeer } from '../../support/courier-peer';
import { STARKEN_TOKEN, startStarken } from '../../support/starken';

const ctx = useCourierPeer(
  'STARKEN_API_URL',
  () => startStarken({ emitAfterMs: 300 }),
  () => import('@/lib/shipping/providers/starken/starken.server'),
);
const parcel = pack([{ quantity: 2, weightG: 400, lengthCm: 12, widthCm: 10, heightCm: 10 }]);
const account = { token: STARKEN_TOKEN, originAgency: '' };

describe('starken adapter', () => {
  it('quotes Santiago → Ñuñoa: home delivery paid by the sender, each service', async () => {
    const answer = await ctx.adapter
      .starkenClient(account)
      .quote({ from: '13101', to: '13120', parcel });
    expect(answer).toEqual({
      kind: 'quotes',
      quotes: [
        { courier: 'normal', name: 'Starken Normal', price: expect.any(Number), days: 2 },
        { courier: 'expreso', name: 'Starken Expreso', price: expect.any(Number), days: 1 },
      ],
    });
    expect(ctx.peer.calls.filter((c) => c === 'GET /agency/comuna')).toHaveLength(1);
  });

  it('no rate to a comuna is no service; a hanging quote is cut at 3 s', async () => {
    ctx.peer.noService.add('CONCEPCION');
    expect(
      await ctx.adapter.starkenClient(account).quote({ from: '13101', to: '08101', parcel }),
    ).toEqual({
      kind: 'no-service',
    });
    ctx.peer.hangTo.set('PUNTA ARENAS', 6_000);
    await expect(
      ctx.adapter.starkenClient(account).quote({ from: '13101', to: '12101', parcel }),
    ).rejects.toThrow(/timeout|aborted/i);
  }, 10_000);

  it('a token Starken does not know is rejected, and «Probar conexión» says so', async () => {
    const wrong = ctx.adapter.starkenClient({ token: 'otro', originAgency: '' });
    await expect(wrong.quote({ from: '13101', to: '13120', parcel })).rejects.toBeInstanceOf(
      ctx.errors.ShippingAccountRejected,
    );
    expect(await wrong.check()).toBe('rejected');
    expect(await ctx.adapter.starkenClient(account).check()).toBe('ok');
  });

  it('an emission: its id at once, its OF, label and tracking later; delivered by its status', async () => {
    const api = ctx.adapter.starkenClient(account).shipments!;
    expect(api.oncePerReference).toBe(false);
    const { id } = await api.create({
      reference: 'H689BNA3',
      courier: 'expreso',
      parcel,
      from: '13101',
      to: {
        name: 'Camila Soto Pérez',
        email: 'camila@impulsa.test',
        phone: '+56987654321',
        street: 'Av. Irarrázaval',
        number: '3400',
        complement: 'Depto 51',
        comuna: '13120',
      },
      items: [{ name: 'Taza', quantity: 2 }],
    });
    const sent = ctx.peer.emissions.find((e) => String(e.id) === id)!;
    expect(sent.body).toMatchObject({
      destinatario_nombres: 'Camila',
      destinatario_paterno: 'Soto Pérez',
      contenido: 'H689BNA3',
      tipo_entrega: { codigo_dls: 2 },
      tipo_pago: { codigo_dls: 2 },
      tipo_servicio: { codigo_dls: 1 },
      encargos: [{ descripcion: 'Taza (2)', kilos: 0.8 }],
    });
    expect(await api.track(id)).toMatchObject({ trackingNumber: null, labelUrl: null });
    expect(await api.label(id)).toBeNull();
    await new Promise((r) => setTimeout(r, 350));
    const state = await api.track(id);
    expect(state).toMatchObject({
      reference: 'H689BNA3',
      trackingNumber: String(sent.of),
      delivered: false,
    });
    const label = await api.label(id);
    expect(Buffer.from(label!).subarray(0, 5).toString()).toBe('%PDF-');
    await fetch(`${ctx.peer.url}/__debug/move/${sent.of}?status=ENTREGADO`);
    expect(await api.track(id)).toMatchObject({ status: 'entregado', delivered: true });
  });

  it('a refused emission says why in Starken’s words', async () => {
    const api = ctx.adapter.starkenClient({ token: STARKEN_TOKEN, originAgency: '1' }).shipments!;
    const refused = await api
      .create({
        reference: 'X1',
        courier: 'NORMAL',
        parcel,
        from: '13101',
        to: {
          name: 'Ana',
          email: 'a@impulsa.test',
          phone: '',
          street: 'Calle',
          number: '1',
          complement: null,
          comuna: '13120',
        },
        items: [{ name: 'Taza', quantity: 1 }],
      })
      .catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ctx.errors.ShippingError);
    expect((refused as Error).message).toMatch(/Agencia de origen no válida/);
  });
});
