/** A correction changes only the observed fields; a posted form becomes a payload safely. */
import { describe, expect, it } from 'vitest';
import {
  applyCorrection,
  correctableFor,
  fieldLabel,
  formToPayload,
} from '@/lib/formation/corrections';
import { PAYLOADS, partner } from '../../fixtures/companies';

const { type: _spa, ...spa } = PAYLOADS.spa;
const { type: _ltda, ...ltda } = PAYLOADS.ltda;

describe('applying a correction', () => {
  it('takes only the observed fields, and ignores the rest of what was sent', () => {
    const next = applyCorrection(spa, ['businessDescription'], {
      businessDescription: 'Pan amasado',
      companyName: 'Otra SpA',
      capital: '$1',
    });
    expect(next).toEqual({ ...spa, businessDescription: 'Pan amasado' });
  });

  it('a social address given as «el mismo» follows the corrected tax address', () => {
    const same = { ...spa, societyAddress: spa.tributaryAddress };
    const moved = { ...spa.tributaryAddress, calle: 'Avenida Brasil', numero: '2950' };
    const next = applyCorrection(same, ['tributaryAddress'], { tributaryAddress: moved });
    expect(next.tributaryAddress).toEqual(moved);
    expect(next.societyAddress).toEqual(moved);
    // A social address of its own stays as it was.
    const own = { ...spa, societyAddress: { ...spa.tributaryAddress, calle: 'Otra calle' } };
    expect(
      applyCorrection(own, ['tributaryAddress'], { tributaryAddress: moved }).societyAddress,
    ).toEqual(own.societyAddress);
  });

  it("corrects partners' data and shares apart, keeping their number and order", () => {
    const sent = {
      partnersInfo: [
        partner({ nombre: 'Ana', participacion: 90 }),
        partner({ nombre: 'Pedro', participacion: 10 }),
        partner({ nombre: 'Intrusa' }),
      ],
    };
    const data = applyCorrection(ltda, ['partnersInfo'], sent);
    expect(
      (data.partnersInfo as { nombre: string; participacion: number }[]).map((p) => [
        p.nombre,
        p.participacion,
      ]),
    ).toEqual([
      ['Ana', 50],
      ['Pedro', 50],
    ]);
    const shares = applyCorrection(ltda, ['participacion'], sent);
    expect(
      (shares.partnersInfo as { nombre: string; participacion: number }[]).map((p) => [
        p.nombre,
        p.participacion,
      ]),
    ).toEqual([
      ['María José', 90],
      ['Pedro', 10],
    ]);
  });

  it('an administration brings its way of acting for an SpA only; shares bring the total', () => {
    expect(
      applyCorrection(spa, ['administration', 'participacion'], {
        administration: 'socios',
        socialManagementType: 'conjunta',
        totalShares: 500,
      }),
    ).toMatchObject({
      administration: 'socios',
      socialManagementType: 'conjunta',
      totalShares: 500,
    });
    const next = applyCorrection(ltda, ['administration', 'participacion'], {
      administration: 'administrador',
      socialManagementType: 'conjunta',
      totalShares: 500,
    });
    expect(next).not.toHaveProperty('socialManagementType');
    expect(next).not.toHaveProperty('totalShares');
  });

  it('an EIRL has no administration or shares to correct; labels follow the type', () => {
    expect(correctableFor('eirl')).not.toContain('participacion');
    expect(correctableFor('spa')).toContain('participacion');
    expect(fieldLabel('partnersInfo', 'eirl')).toBe('Datos del titular');
    expect(fieldLabel('Giro escrito a mano')).toBe('Giro escrito a mano');
  });
});

describe('a posted correction form', () => {
  it('nests, types numbers and check boxes, and reads codes written any way', () => {
    expect(
      formToPayload({
        'tributaryAddress.calle': 'Av. Italia',
        'partnersInfo.1.participacion': '33,5',
        'partnersInfo.1.administra': 'on',
        'partnersInfo.0.administra': 'false',
        totalShares: '',
        activityCodes: '107100, 472101 ; 1',
      }),
    ).toEqual({
      tributaryAddress: { calle: 'Av. Italia' },
      partnersInfo: [{ administra: false }, { participacion: 33.5, administra: true }],
      totalShares: Number.NaN,
      activityCodes: ['107100', '472101', '1'],
    });
  });

  it('keeps a plain value when the same name also comes nested, never failing', () => {
    expect(
      formToPayload({ partnersInfo: 'x', 'partnersInfo.0.nombre': 'Ana', 'capital.a': '1' }),
    ).toEqual({ partnersInfo: 'x', capital: { a: '1' } });
  });

  it('never writes through names like __proto__ or constructor', () => {
    const out = formToPayload({
      '__proto__.polluted': 'yes',
      'constructor.prototype.polluted': 'yes',
      'partnersInfo.0.__proto__': 'x',
      'a.b.c.d': 'deep',
    });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(Object.keys(out)).toEqual(['a']);
  });
});
