import { describe, expect, it } from 'vitest';
import { retractoNotice, retractoState } from '@/lib/orders/retracto';
import { noRetractoLine } from '@/lib/shop/no-retracto';

const line = { no_retracto: null };
const delivered = (at: string) => [
  { status: 'recibido', at: '2026-12-01T15:00:00.000Z' },
  { status: 'pagado', at: '2026-12-01T16:00:00.000Z' },
  { status: 'entregado', at },
];

describe('the derecho a retracto', () => {
  it('is open before receipt, with no end yet', () => {
    expect(retractoState({ status: 'pagado', retracto_requested_at: null, items: [line] })).toEqual(
      { kind: 'open', until: null },
    );
  });

  it('runs to the end of the tenth day in Chile after «Entregado», and then explains why not', () => {
    const order = {
      status: 'entregado' as const,
      retracto_requested_at: null,
      // Delivered on 2 December in Santiago (summer time, UTC-3).
      timeline: delivered('2026-12-02T18:00:00.000Z'),
      items: [line],
    };
    const open = retractoState(order, Date.parse('2026-12-12T23:00:00-03:00'));
    expect(open).toEqual({ kind: 'open', until: '2026-12-13T02:59:59.999Z' });
    const closed = retractoState(order, Date.parse('2026-12-13T00:00:01-03:00'));
    expect(closed).toEqual({
      kind: 'closed',
      why: 'El plazo de 10 días desde que recibiste tu pedido terminó el 12 de diciembre de 2026.',
    });
  });

  it('is closed for an unpaid order, and for one whose every product is excluded', () => {
    expect(
      retractoState({ status: 'pendiente_pago', retracto_requested_at: null, items: [line] }).kind,
    ).toBe('closed');
    const perishable = retractoState({
      status: 'pagado',
      retracto_requested_at: null,
      items: [{ no_retracto: 'perecible' }],
    });
    expect(perishable).toMatchObject({ kind: 'closed' });
    expect(perishable.kind === 'closed' && perishable.why).toContain('es perecible');
    // One product with retracto among excluded ones keeps it open.
    expect(
      retractoState({
        status: 'pagado',
        retracto_requested_at: null,
        items: [{ no_retracto: 'perecible' }, line],
      }).kind,
    ).toBe('open');
  });

  it('says once it was asked', () => {
    expect(
      retractoState({
        status: 'pagado',
        retracto_requested_at: '2026-12-03T12:00:00.000Z',
        items: [line],
      }),
    ).toEqual({ kind: 'requested', at: '2026-12-03T12:00:00.000Z' });
    expect(noRetractoLine('a_pedido')).toBe(
      'Sin derecho a retracto: se hace a pedido o se personaliza para ti.',
    );
  });
});

describe('the reasons on a mixed order (issue 63, item 7)', () => {
  it('names each excluded product’s own reason, not the first one’s for all', () => {
    const mixed = retractoState({
      status: 'pagado',
      retracto_requested_at: null,
      items: [
        { name: 'Pan amasado', no_retracto: 'perecible' },
        { name: 'Torta con nombre', no_retracto: 'a_pedido' },
      ],
    });
    expect(mixed.kind === 'closed' && mixed.why).toBe(
      'Los productos de este pedido no tienen derecho a retracto: «Pan amasado» es perecible o de ' +
        'consumo rápido; «Torta con nombre» se hace a pedido o se personaliza para ti. La garantía ' +
        'legal de 6 meses sigue vigente si un producto falla.',
    );
  });

  it('never offers the 10 days at checkout when no line has them', () => {
    const none = retractoNotice('hola@pan.cl', [{ name: 'Pan amasado', noRetracto: 'perecible' }]);
    expect(none[0]).toBe(
      'Esta compra no tiene derecho a retracto (artículo 3 bis de la Ley 19.496):',
    );
    expect(none.join(' ')).not.toContain('Tienes 10 días');
    const some = retractoNotice(null, [
      { name: 'Pan amasado', noRetracto: 'perecible' },
      { name: 'Taza', noRetracto: null },
    ]);
    expect(some[0]).toContain('Tienes 10 días');
    expect(some[0]).toContain('salvo de estos productos');
    expect(some[1]).toBe(
      '«Pan amasado»: sin derecho a retracto: es perecible o de consumo rápido.',
    );
  });
});
