/** The options a checkout offers for a comuna (issue 65): never a made-up price. */
import { describe, expect, it } from 'vitest';
import { deliveryOffer, optionValue, parseOption } from '@/lib/checkout/delivery-options';
import type { CourierOption } from '@/lib/shipping/provider';

const starken: CourierOption = {
  id: 'shipit:starken',
  provider: 'shipit',
  courier: 'starken',
  name: 'Starken',
  price: 5790,
  days: 2,
};
const zone = {
  ok: true as const,
  price: 3990,
  days: { min: 1, max: 2 },
  free: false,
  zone: 'Ñuñoa',
};

describe('deliveryOffer', () => {
  it.each([
    [
      'zone and courier',
      zone,
      { kind: 'options', options: [starken] },
      2,
      'Elige cómo llega tu pedido a Ñuñoa.',
    ],
    [
      'the courier alone',
      null,
      { kind: 'options', options: [starken] },
      1,
      'Despacho a Ñuñoa con Starken: $5.790, llega en 2 días hábiles.',
    ],
    [
      'the zone while the courier is silent',
      zone,
      { kind: 'unavailable', options: [] },
      1,
      'Despacho a Ñuñoa: $3.990, llega en 1 a 2 días hábiles.',
    ],
    [
      'nothing: nobody goes there',
      { ok: false as const, zone: 'Ñuñoa' },
      { kind: 'no-service' },
      0,
      'No hay despacho a Ñuñoa. Puedes elegir retiro.',
    ],
    [
      'nothing: the courier is silent',
      null,
      { kind: 'unavailable', options: [] },
      0,
      'No pudimos cotizar el despacho a Ñuñoa. Intenta de nuevo en unos minutos o elige retiro.',
    ],
  ] as const)('%s', (_, quote, couriers, count, sentence) => {
    const offer = deliveryOffer(quote, couriers as never, 'Ñuñoa');
    expect(offer.options).toHaveLength(count);
    expect(offer.sentence).toBe(sentence);
  });

  it('asks for the comuna first unless the shop has one price for all', () => {
    expect(deliveryOffer(null, { kind: 'none' }, null).sentence).toBe(
      'Elige tu comuna para ver el costo y el plazo.',
    );
    const all = { ...zone, zone: 'tu dirección' };
    expect(deliveryOffer(all, { kind: 'none' }, null).sentence).toBe(
      'Despacho a tu dirección: $3.990, llega en 1 a 2 días hábiles.',
    );
  });
});

describe('an option as a radio carries the price it showed', () => {
  it.each([
    ['shipit:starken:5790', { id: 'shipit:starken', shown: 5790 }],
    ['tienda:0', { id: 'tienda', shown: 0 }],
    ['shipit:starken', { id: 'shipit:starken', shown: null }],
    ['tienda', { id: 'tienda', shown: null }],
    ['shipit:', null],
    ['<script>', null],
    [undefined, null],
  ])('%s', (value, parsed) => {
    expect(parseOption(value)).toEqual(parsed);
  });

  it('reads back what it wrote', () => {
    const [option] = deliveryOffer(null, { kind: 'options', options: [starken] }, 'Ñuñoa').options;
    expect(parseOption(optionValue(option!))).toEqual({ id: 'shipit:starken', shown: 5790 });
  });
});
