/** A constituted company's file names its address and who represents it, by type. */
import { describe, expect, it } from 'vitest';
import { companyIdentity } from '@/lib/formation/company-identity';
import { ADDRESS, PAYLOADS, partner } from '../../fixtures/companies';

const FULL = 'Av. Providencia 1234, Oficina 501, Providencia, Metropolitana de Santiago';
const blank = { calle: '', numero: '', comuna: '', region: '', detalle: '' };

describe('companyIdentity', () => {
  it.each([
    ['EIRL: its owner', 'eirl', PAYLOADS.eirl, 'María José Soto Pérez'],
    ['SpA with an administrator: who administers', 'spa', PAYLOADS.spa, 'María José Soto Pérez'],
    [
      'Ltda. run by all partners: every partner',
      'ltda',
      PAYLOADS.ltda,
      'María José Soto Pérez, Pedro Rojas Pérez',
    ],
    [
      'SpA with a board: none (the manager is not in the file)',
      'spa',
      { ...PAYLOADS.spa, administration: 'directorio' },
      null,
    ],
  ] as const)('%s', (_name, type, payload, representative) => {
    expect(companyIdentity(type, payload)).toEqual({ address: FULL, representative });
  });

  it('takes the statutes’ address when the tax one is blank, and null when both are', () => {
    const society = { ...ADDRESS, detalle: '' };
    expect(
      companyIdentity('spa', { ...PAYLOADS.spa, tributaryAddress: blank, societyAddress: society })
        .address,
    ).toBe('Av. Providencia 1234, Providencia, Metropolitana de Santiago');
    expect(
      companyIdentity('spa', { ...PAYLOADS.spa, tributaryAddress: blank, societyAddress: blank })
        .address,
    ).toBeNull();
  });

  it('an administrator not marked is not a representative', () => {
    const payload = {
      ...PAYLOADS.spa,
      partnersInfo: [
        partner({ participacion: 60 }),
        partner({ nombre: 'Pedro', primerApellido: 'Rojas', participacion: 40, administra: false }),
      ],
    };
    expect(companyIdentity('spa', payload).representative).toBe('María José Soto Pérez');
  });
});
