import { describe, expect, it } from 'vitest';
import {
  deliveryOf,
  deliverySettingsSchema,
  formatDays,
  NO_DELIVERY,
  type DeliverySettings,
} from '@/lib/shop/delivery';
import { deliveryFormInput, deliveryFormRows } from '@/lib/shop/delivery-form';
import { chooseDelivery, quoteFor, rateTable } from '@/lib/shop/delivery-quote';

const SETTINGS: DeliverySettings = {
  rest: { price: 6990, days: { min: 3, max: 5 } },
  regions: { '13': { price: 2990, days: { min: 1, max: 2 } } },
  comunas: [{ comuna: '13123', price: 0, days: null }],
  free_from: 30000,
  pickup_points: [{ name: 'Taller', address: 'Av. Italia 1234', hours: '' }],
};

describe('delivery by zone', () => {
  it('quotes the comuna first, then its region, then the rest of Chile; free above the threshold', () => {
    expect(quoteFor(SETTINGS, '13123', 1000)).toMatchObject({
      ok: true,
      price: 0,
      zone: 'Providencia',
    });
    expect(quoteFor(SETTINGS, '13120', 1000)).toMatchObject({ ok: true, price: 2990 });
    expect(quoteFor(SETTINGS, '05101', 1000)).toMatchObject({ ok: true, price: 6990 });
    expect(quoteFor(SETTINGS, '05101', 30000)).toMatchObject({ ok: true, price: 0, free: true });
    expect(quoteFor({ ...SETTINGS, rest: { price: null, days: null } }, '05101', 1)).toEqual({
      ok: false,
      zone: 'Valparaíso',
    });
    // Without a comuna only a single price for all of Chile can be quoted.
    expect(quoteFor(SETTINGS, undefined, 1000)).toBeNull();
    expect(
      quoteFor({ ...NO_DELIVERY, rest: { price: 3990, days: null } }, undefined, 1),
    ).toMatchObject({ ok: true, price: 3990 });
  });

  it('chooses a pickup point by position and refuses one that does not exist', () => {
    expect(chooseDelivery(SETTINGS, { method: 'retiro' }, 1)).toMatchObject({
      ok: true,
      pickupPoint: SETTINGS.pickup_points[0],
    });
    expect(chooseDelivery(SETTINGS, { method: 'retiro', pickup_point: 1 }, 1)).toMatchObject({
      ok: false,
      field: 'delivery.pickup_point',
    });
    expect(chooseDelivery(NO_DELIVERY, { method: 'despacho', comuna: '13101' }, 1)).toMatchObject({
      ok: false,
      field: 'delivery.method',
    });
  });

  it('reads business days as a person types them', () => {
    const days = (text: string) =>
      deliverySettingsSchema.safeParse({ rest: { price: 1, days: text }, version: 0 });
    expect(days('2 a 4').data?.rest.days).toEqual({ min: 2, max: 4 });
    expect(days('2-4 días hábiles').data?.rest.days).toEqual({ min: 2, max: 4 });
    expect(days('3').data?.rest.days).toEqual({ min: 3, max: 3 });
    expect(days('').data?.rest.days).toBeNull();
    expect(days('4 a 2').success).toBe(false);
    expect(days('mañana').success).toBe(false);
    expect(formatDays({ min: 1, max: 1 })).toBe('1 día hábil');
    expect(formatDays({ min: 2, max: 4 })).toBe('2 a 4 días hábiles');
  });

  it('round-trips the form: stored settings → fields → the same settings; blank rows dropped', () => {
    const rows = deliveryFormRows(SETTINGS, 3);
    const fields: Record<string, string> = {
      'rest.price': rows.rest.price,
      'rest.days': rows.rest.days,
      free_from: rows.free_from,
      'regions.13.price': rows.regions['13']!.price!,
      'regions.13.days': rows.regions['13']!.days!,
      'regions.05.price': '',
      'regions.05.days': '',
      'comunas.0.comuna': '',
      'comunas.0.price': '',
      'comunas.1.comuna': '13123',
      'comunas.1.price': '0',
      'comunas.1.days': '',
      'pickup_points.0.name': 'Taller',
      'pickup_points.0.address': 'Av. Italia 1234',
      'pickup_points.0.hours': '',
      'pickup_points.1.name': '',
      version: '3',
    };
    const { version, ...parsed } = deliverySettingsSchema.parse(deliveryFormInput(fields));
    expect(version).toBe(3);
    expect(parsed).toEqual(SETTINGS);
    expect(rows.free_from).toBe('30.000');
  });

  it('reads unreadable stored settings as no delivery, and lists the rates most specific last', () => {
    expect(deliveryOf({ rest: 'x' })).toEqual(NO_DELIVERY);
    expect(deliveryOf(null)).toEqual(NO_DELIVERY);
    expect(rateTable(SETTINGS).map((r) => r.zone)).toEqual([
      'Región Metropolitana de Santiago',
      'Providencia',
      'Resto de Chile',
    ]);
  });
});
