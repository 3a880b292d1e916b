import { describe, expect, it } from 'vitest';
import { nextStep, stagesDone, type JourneyFacts } from '@/lib/journey/next-step';

const none = { started: false, finished: false };
const done = { started: true, finished: true };
const START: JourneyFacts = {
  canvas: none,
  formation: none,
  catalogue: { total: 0, published: 0 },
  site: none,
  sales: 0,
  toAttend: 0,
  identified: true,
  taxStart: null,
};

describe('the next best step', () => {
  it('walks idea → canvas → empresa → sitio → primera venta → ventas recurrentes', () => {
    const steps: [Partial<JourneyFacts>, string, string][] = [
      [{}, 'idea', '/canvas'],
      [{ canvas: { started: true, finished: false } }, 'canvas', '/canvas'],
      [{ canvas: done }, 'empresa', '/modelo-de-negocio'],
      [
        {
          canvas: done,
          formation: { started: true, finished: false, href: '/modelo-de-negocio/spa' },
        },
        'empresa',
        '/modelo-de-negocio/spa',
      ],
      [
        {
          canvas: done,
          formation: done,
          taxStart: { company: 7, constitutedOn: '2026-11-02', startedOn: null },
        },
        'empresa',
        '/dashboard/formalizacion/7#inicio-actividades',
      ],
      [
        {
          canvas: done,
          formation: done,
          taxStart: { company: 7, constitutedOn: '2026-11-02', startedOn: '2026-11-20' },
        },
        'sitio',
        '/productos/nuevo',
      ],
      [{ canvas: done, formation: done }, 'sitio', '/productos/nuevo'],
      [
        { canvas: done, formation: done, catalogue: { total: 2, published: 1 } },
        'sitio',
        '/page-builder',
      ],
      [
        { canvas: done, formation: done, catalogue: { total: 2, published: 1 }, site: done },
        'primera-venta',
        '/descuentos',
      ],
      [
        {
          canvas: done,
          formation: done,
          catalogue: { total: 2, published: 1 },
          site: done,
          sales: 3,
        },
        'ventas-recurrentes',
        '/clientes',
      ],
    ];
    for (const [facts, stage, href] of steps) {
      const next = nextStep({ ...START, ...facts });
      expect([next.stage, next.action.href]).toEqual([stage, href]);
    }
  });

  it('offers two tracks: a company, or selling now as a persona natural, which skips the company', () => {
    const choose = nextStep({ ...START, canvas: done });
    expect(choose).toMatchObject({
      stage: 'empresa',
      title: 'Elige cómo vas a vender',
      action: { label: 'Constituye tu empresa', href: '/modelo-de-negocio' },
      also: { label: 'Vende ya como persona natural', href: '/productos#tienda' },
    });
    // Selling with their own RUN: straight to the catalogue; a company's RUT keeps the track.
    expect(
      nextStep({ ...START, canvas: done, sellsAs: { as: 'persona', startedOn: '2026-11-02' } }),
    ).toMatchObject({
      stage: 'sitio',
      action: { href: '/productos/nuevo' },
    });
    expect(nextStep({ ...START, canvas: done, sellsAs: { as: 'empresa' } }).stage).toBe('empresa');
    // Once a company is on its way, the step is to finish it, with no second track offered.
    const going = nextStep({
      ...START,
      canvas: done,
      formation: { started: true, finished: false, href: '/modelo-de-negocio/spa' },
    });
    expect(going.also).toBeUndefined();
  });

  it('asks a persona natural for their own tax start until its day is recorded', () => {
    const person = { ...START, canvas: done, sellsAs: { as: 'persona' as const, startedOn: null } };
    expect(nextStep(person)).toMatchObject({
      stage: 'empresa',
      title: 'Inicia actividades en el SII',
      action: { href: '/dashboard/inicio-actividades' },
    });
    // In the company's place on the path, after the canvas.
    expect(nextStep({ ...person, canvas: START.canvas }).action.href).toBe('/canvas');
    const started = { ...person, sellsAs: { as: 'persona' as const, startedOn: '2026-11-02' } };
    expect(nextStep(started).action.href).toBe('/productos/nuevo');
  });

  it('puts orders waiting for the seller first, at any stage', () => {
    const waiting = nextStep({ ...START, toAttend: 2 });
    expect(waiting).toMatchObject({
      stage: 'primera-venta',
      title: 'Tienes 2 órdenes por atender',
      action: { href: '/ordenes' },
    });
    expect(nextStep({ ...START, toAttend: 1, sales: 4 }).stage).toBe('ventas-recurrentes');
  });

  it('says in one line why a shop with products takes no orders: it does not say who sells', () => {
    const silent = nextStep({
      ...START,
      canvas: done,
      catalogue: { total: 1, published: 1 },
      identified: false,
    });
    expect(silent).toMatchObject({
      title: 'Tu tienda todavía no recibe pedidos',
      action: { label: 'Indicar quién vende', href: '/productos#tienda' },
    });
    // Before there is anything to sell, the journey goes on as before.
    expect(nextStep({ ...START, identified: false }).stage).toBe('idea');
  });

  it('gives the tax start’s deadline, two months from the constitution, and says when it passed', () => {
    const facts = {
      ...START,
      canvas: done,
      formation: done,
      taxStart: { company: 7, constitutedOn: '2026-12-31', startedOn: null },
    };
    expect(nextStep({ ...facts, today: '2027-01-05' }).text).toContain(
      'tienes hasta el 28 de febrero de 2027 para declararlo en el SII',
    );
    expect(nextStep({ ...facts, today: '2027-03-01' }).text).toContain(
      'El plazo era el 28 de febrero de 2027: hazlo cuanto antes.',
    );
  });
});

describe('the path card’s ticks (issue 63, item 5)', () => {
  it('marks nothing done for a shop with orders but no canvas, company or site', () => {
    const facts = {
      ...START,
      catalogue: { total: 1, published: 1 },
      sales: 0,
      toAttend: 2,
      identified: false,
    };
    // The next step points at the orders, yet nothing before them is done.
    expect(nextStep(facts).stage).toBe('primera-venta');
    expect(stagesDone(facts)).toEqual([]);
  });

  it('only ever gains ticks as the seller does things, whatever the next step says', () => {
    const steps: JourneyFacts[] = [
      { ...START, toAttend: 1, catalogue: { total: 1, published: 1 } },
      { ...START, toAttend: 1, catalogue: { total: 1, published: 1 }, canvas: done },
      { ...START, canvas: done, formation: done, catalogue: { total: 1, published: 1 } },
      {
        ...START,
        canvas: done,
        formation: done,
        site: done,
        catalogue: { total: 1, published: 1 },
      },
      {
        ...START,
        canvas: done,
        formation: done,
        site: done,
        catalogue: { total: 1, published: 1 },
        sales: 1,
      },
    ];
    let before: string[] = [];
    for (const facts of steps) {
      const now = stagesDone(facts);
      expect(now).toEqual(expect.arrayContaining(before));
      before = now;
    }
    expect(before).toEqual(['idea', 'canvas', 'empresa', 'sitio', 'primera-venta']);
  });

  it('counts a persona natural with its tax start as the company stage done', () => {
    expect(stagesDone({ ...START, sellsAs: { as: 'persona', startedOn: '2026-11-01' } })).toEqual([
      'empresa',
    ]);
  });
});
