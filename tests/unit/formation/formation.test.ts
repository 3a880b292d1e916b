import { describe, expect, it } from 'vitest';
import { parseTypedClp } from '@/lib/money';
import { BUSINESS_TYPES } from '@/lib/formation/business-type';
import {
  blankPartner,
  defaultDraft,
  type EirlDraft,
  type LtdaDraft,
  type Partner,
  type SpaDraft,
} from '@/lib/formation/draft';
import { checkCompanyName } from '@/lib/formation/names';
import {
  companyRequestSchema,
  draftFromPayload,
  toFullStatePayload,
} from '@/lib/formation/payload';
import { stepsOf } from '@/lib/formation/steps';
import {
  isDraftComplete,
  participationTotal,
  validateDraft,
  validateStep,
} from '@/lib/formation/validation';

const partner = (over: Partial<Partner> = {}): Partner => ({
  ...blankPartner(),
  runRut: '12.345.678-5',
  nombre: 'María José',
  primerApellido: 'Soto',
  segundoApellido: 'Pérez',
  direccion: 'Av. Providencia 1234, Providencia',
  profesion: 'Ingeniera comercial',
  email: 'maria@ejemplo.cl',
  estadoCivil: 'soltero',
  telefono: '+56 9 1234 5678',
  ...over,
});
const address = {
  calle: 'Av. Providencia',
  numero: '1234',
  comuna: 'Providencia',
  region: 'Metropolitana de Santiago',
  detalle: 'Oficina 501',
};

function complete(type: 'spa'): SpaDraft;
function complete(type: 'ltda'): LtdaDraft;
function complete(type: 'eirl'): EirlDraft;
function complete(type: 'spa' | 'ltda' | 'eirl') {
  const base = {
    companyName: '',
    tributaryAddress: address,
    businessDescription: 'Elaboración de productos de panadería',
    activityCodes: ['107100'],
    capital: '$2.500.000',
  };
  if (type === 'eirl')
    return {
      ...defaultDraft('eirl'),
      ...base,
      companyName: 'María Soto Panadería E.I.R.L.',
      personalInfo: partner(),
    };
  if (type === 'ltda')
    return {
      ...defaultDraft('ltda'),
      ...base,
      companyName: 'Panadería Las Rosas Limitada',
      canExpandActivity: 'si',
      partnersPersonalInfo: [
        partner({ participacion: 60, administra: true }),
        partner({ runRut: '8.765.432-K', email: 'b@ejemplo.cl', participacion: 40 }),
      ],
    };
  return {
    ...defaultDraft('spa'),
    ...base,
    companyName: 'Panadería Las Rosas SpA',
    partnersPersonalInfo: [partner({ participacion: 100, administra: true })],
  };
}

describe('draft defaults (docs/spec.md §3, §9)', () => {
  it('common fields', () => {
    for (const type of BUSINESS_TYPES) {
      expect(defaultDraft(type)).toMatchObject({
        useSameAddress: true,
        companyName: '',
        tradeName: '',
        selectedVOPlan: null,
        businessDescription: '',
        capital: '$1.000.000',
        duration: 'indefinida',
      });
    }
  });

  it('eirl: one personalInfo', () => {
    const d = defaultDraft('eirl');
    expect(d.personalInfo).toEqual(blankPartner());
    expect('partnersPersonalInfo' in d).toBe(false);
  });

  it('ltda: administrador, canExpandActivity empty, two blank partners', () => {
    const d = defaultDraft('ltda');
    expect(d).toMatchObject({
      administration: 'administrador',
      canExpandActivity: '',
      specialAgreements: '',
    });
    expect(d.partnersPersonalInfo).toEqual([blankPartner(), blankPartner()]);
    expect('socialManagementType' in d).toBe(false);
  });

  it('spa: administrador, canExpandActivity no, one blank partner, indistinta', () => {
    const d = defaultDraft('spa');
    expect(d).toMatchObject({
      administration: 'administrador',
      canExpandActivity: 'no',
      socialManagementType: 'indistinta',
    });
    expect(d.partnersPersonalInfo).toEqual([blankPartner()]);
  });

  it('a blank partner: participacion 0, nacionalidad Chile', () => {
    expect(blankPartner()).toEqual({
      runRut: '',
      nombre: '',
      primerApellido: '',
      segundoApellido: '',
      direccion: '',
      profesion: '',
      email: '',
      estadoCivil: '',
      participacion: 0,
      nacionalidad: 'Chile',
      telefono: '',
      administra: false,
    });
  });

  it('drafts are independent copies', () => {
    const a = defaultDraft('ltda');
    a.partnersPersonalInfo[0]!.nombre = 'x';
    expect(defaultDraft('ltda').partnersPersonalInfo[0]!.nombre).toBe('');
  });
});

describe('full-state payload (docs/spec.md §3)', () => {
  const common = [
    'companyName',
    'tradeName',
    'tributaryAddress',
    'societyAddress',
    'businessDescription',
    // Not in docs/spec.md §3: what a constitution needs (issue 34).
    'activityCodes',
    'capital',
    'duration',
    'partnersInfo',
    'voplan',
  ];
  it('eirl sends the common fields with one partner', () => {
    const p = toFullStatePayload('eirl', complete('eirl'));
    expect(Object.keys(p).sort()).toEqual([...common].sort());
    expect(p.partnersInfo).toHaveLength(1);
    expect(p.partnersInfo[0]!.participacion).toBe(100);
  });

  it('ltda adds canExpandActivity, administration, specialAgreements', () => {
    const p = toFullStatePayload('ltda', complete('ltda'));
    expect(Object.keys(p).sort()).toEqual(
      [...common, 'canExpandActivity', 'administration', 'specialAgreements'].sort(),
    );
  });

  it('spa adds socialManagementType too', () => {
    const p = toFullStatePayload('spa', {
      ...complete('spa'),
      selectedVOPlan: { id: 2, name: 'Plan', price_clp: 1, features: [] },
    });
    expect(Object.keys(p).sort()).toEqual(
      [
        ...common,
        'canExpandActivity',
        'administration',
        'specialAgreements',
        'socialManagementType',
        'totalShares',
      ].sort(),
    );
    expect(p.voplan).toBe(2);
  });

  it('normalises values: society address copied, RUT and capital formatted, phone normalised', () => {
    const p = toFullStatePayload('spa', {
      ...complete('spa'),
      capital: '2500000',
      partnersPersonalInfo: [
        partner({ runRut: '123456785', telefono: '9 1234 5678', participacion: 100 }),
      ],
    });
    expect(p.societyAddress).toEqual(p.tributaryAddress);
    expect(p.capital).toBe('$2.500.000');
    expect(p.partnersInfo[0]).toMatchObject({ runRut: '12.345.678-5', telefono: '+56912345678' });
    expect(p.voplan).toBeNull();
  });

  it('round-trips through the API request schema back to an equally valid draft', () => {
    for (const type of BUSINESS_TYPES) {
      const draft = complete(type as 'spa');
      const request = companyRequestSchema.parse({ type, ...toFullStatePayload(type, draft) });
      expect(isDraftComplete(type, draftFromPayload(request))).toBe(true);
    }
  });
});

describe('validation', () => {
  it('complete drafts are valid for every type', () => {
    for (const type of BUSINESS_TYPES)
      expect(validateDraft(type, complete(type as 'spa'))).toEqual(
        Object.fromEntries(stepsOf(type).map((s) => [s, {}])),
      );
  });

  it('a new draft lists what is missing, in Spanish', () => {
    const errors = validateDraft('spa', defaultDraft('spa'));
    expect(errors['01-nombra-tu-empresa'].companyName).toBe(
      'Escribe la razón social de tu empresa.',
    );
    expect(errors['02-domicilios']['tributaryAddress.calle']).toBe('Escribe la calle.');
    expect(errors['07-individualizar']['partnersPersonalInfo.0.runRut']).toMatch(
      /RUT no es válido/,
    );
    expect(errors['08-participacion'].participacion).toMatch(/sumar exactamente 100/);
  });

  it('the giro needs at least one SII activity code of six digits', () => {
    const d = complete('spa');
    d.activityCodes = [];
    expect(validateStep('spa', '03-giro', d).activityCodes).toMatch(/al menos una actividad/);
    d.activityCodes = ['1071'];
    expect(validateStep('spa', '03-giro', d).activityCodes).toMatch(/6 dígitos/);
  });

  it('someone administers: one or more for an administrator, three for a board, all partners', () => {
    const d = complete('spa');
    d.partnersPersonalInfo[0]!.administra = false;
    expect(validateStep('spa', '07-individualizar', d).administra).toMatch(/al menos una persona/);
    d.administration = 'socios';
    expect(validateStep('spa', '07-individualizar', d).administra).toBeUndefined();
    d.administration = 'directorio';
    d.partnersPersonalInfo[0]!.administra = true;
    expect(validateStep('spa', '07-individualizar', d).administra).toMatch(/al menos 3/);
  });

  it("an SpA's shares are whole, in total and for each shareholder", () => {
    const d = complete('spa');
    d.partnersPersonalInfo = [
      partner({ participacion: 33.33 }),
      partner({ runRut: '8.765.432-K', participacion: 66.67 }),
    ];
    expect(validateStep('spa', '08-participacion', d)['partnersPersonalInfo.0.participacion']).toBe(
      'Con 1.000 acciones, el 33,33 % serían 333,3 acciones: ' +
        'ajusta el porcentaje o el total para que sea un número entero.',
    );
    d.totalShares = 10_000;
    expect(validateStep('spa', '08-participacion', d)).toEqual({});
    d.totalShares = 1.5;
    expect(validateStep('spa', '08-participacion', d).totalShares).toMatch(/número entero/);
  });

  it('an invalid RUT blocks the partners step', () => {
    const d = complete('spa');
    d.partnersPersonalInfo[0]!.runRut = '12.345.678-9';
    expect(validateStep('spa', '07-individualizar', d)['partnersPersonalInfo.0.runRut']).toMatch(
      /dígito verificador/,
    );
  });

  it('the comuna must belong to the region', () => {
    const d = complete('spa');
    d.tributaryAddress = { ...address, comuna: 'Viña del Mar' };
    expect(validateStep('spa', '02-domicilios', d)['tributaryAddress.comuna']).toBe(
      'La comuna no pertenece a la región elegida.',
    );
    d.useSameAddress = false;
    d.tributaryAddress = address;
    expect(validateStep('spa', '02-domicilios', d)['societyAddress.calle']).toBeDefined();
  });

  it('participation must sum exactly 100 %', () => {
    const d = complete('ltda');
    d.partnersPersonalInfo[1]!.participacion = 39.99;
    expect(participationTotal(d.partnersPersonalInfo)).toBe(99.99);
    expect(validateStep('ltda', '08-participacion', d).participacion).toMatch(/Hoy suman 99,99 %/);
    d.partnersPersonalInfo[0]!.participacion = 60.01;
    expect(validateStep('ltda', '08-participacion', d)).toEqual({});
    d.partnersPersonalInfo[1]!.participacion = 0;
    d.partnersPersonalInfo[0]!.participacion = 100;
    expect(
      validateStep('ltda', '08-participacion', d)['partnersPersonalInfo.1.participacion'],
    ).toBe('Debe ser mayor a 0 %.');
  });

  it('partner limits: ltda 2 to 50, spa at least 1; no repeated RUT', () => {
    const l = complete('ltda');
    l.partnersPersonalInfo = [l.partnersPersonalInfo[0]!];
    expect(validateStep('ltda', '07-individualizar', l).partnersPersonalInfo).toMatch(
      /al menos 2 socios/,
    );
    l.partnersPersonalInfo = Array.from({ length: 51 }, () => partner());
    expect(validateStep('ltda', '07-individualizar', l).partnersPersonalInfo).toMatch(/máximo 50/);
    const s = complete('spa');
    s.partnersPersonalInfo = [];
    expect(validateStep('spa', '07-individualizar', s).partnersPersonalInfo).toMatch(
      /al menos un accionista/,
    );
    s.partnersPersonalInfo = [partner(), partner()];
    expect(validateStep('spa', '07-individualizar', s)['partnersPersonalInfo.1.runRut']).toMatch(
      /ya está en el socio 1/,
    );
  });

  it('capital and duration', () => {
    const d = complete('spa');
    d.capital = 'mucho';
    d.duration = '0';
    const e = validateStep('spa', '04-capital', d);
    expect(e.capital).toMatch(/\$1\.000\.000/);
    expect(e.duration).toMatch(/entre 1 y 99/);
  });
});

describe('legal name rules', () => {
  it('SpA ends with "SpA", with a one-click fix', () => {
    expect(checkCompanyName('spa', 'Panadería Las Rosas SpA').ok).toBe(true);
    expect(checkCompanyName('spa', 'Panadería Las Rosas')).toMatchObject({
      ok: false,
      suggestion: 'Panadería Las Rosas SpA',
    });
    expect(checkCompanyName('spa', 'Panadería Las Rosas S.p.A.').suggestion).toBe(
      'Panadería Las Rosas SpA',
    );
    expect(checkCompanyName('spa', 'Panadería Las Rosas spa').suggestion).toBe(
      'Panadería Las Rosas SpA',
    );
  });

  it('Ltda ends with "Limitada" or "Ltda."', () => {
    expect(checkCompanyName('ltda', 'Café del Puerto Limitada').ok).toBe(true);
    expect(checkCompanyName('ltda', 'Café del Puerto Ltda.').ok).toBe(true);
    expect(checkCompanyName('ltda', 'Café del Puerto Ltda')).toMatchObject({
      ok: false,
      suggestion: 'Café del Puerto Limitada',
    });
  });

  it('EIRL ends with E.I.R.L. or the long form, and holds the owner name', () => {
    const owner = { nombre: 'María José', primerApellido: 'Soto' };
    expect(checkCompanyName('eirl', 'María José Soto Panadería E.I.R.L.', owner).ok).toBe(true);
    expect(checkCompanyName('eirl', 'María Soto Panadería E.I.R.L.', owner).ok).toBe(true);
    expect(
      checkCompanyName(
        'eirl',
        'Maria Jose Soto Panaderia Empresa Individual de Responsabilidad Limitada',
        owner,
      ).ok,
    ).toBe(true);
    expect(checkCompanyName('eirl', 'Panadería E.I.R.L.', owner)).toMatchObject({
      ok: false,
      suggestion: 'María Soto Panadería E.I.R.L.',
    });
    expect(checkCompanyName('eirl', 'Panadería eirl')).toMatchObject({
      ok: false,
      suggestion: 'Panadería E.I.R.L.',
    });
    expect(checkCompanyName('eirl', 'Panadería E.I.R.L.').ok).toBe(true);
  });

  it('needs a name besides the suffix', () => {
    expect(checkCompanyName('spa', 'SpA').ok).toBe(false);
    expect(checkCompanyName('spa', '  ').message).toBe('Escribe la razón social de tu empresa.');
  });
});

describe('company data checks (issue 46)', () => {
  const spa = () => complete('spa');
  it('a legal or trade name takes letters, digits and the signs names use, no emoji', () => {
    expect(validateStep('spa', '01-nombra-tu-empresa', spa())).toEqual({});
    const named = (companyName: string, tradeName = '') =>
      validateStep('spa', '01-nombra-tu-empresa', { ...spa(), companyName, tradeName });
    expect(named('Ñandú & Cía. (Sur) SpA')).toEqual({});
    expect(named('Panadería 🍞 SpA').companyName).toMatch(/sin emojis/);
    expect(named('Panadería Las Rosas SpA', 'Rosas 🌹').tradeName).toMatch(/sin emojis/);
  });

  it('a capital with a sign is refused, never read without it', () => {
    expect(validateStep('spa', '04-capital', { ...spa(), capital: '-500000' }).capital).toBe(
      'Escribe el capital en pesos, por ejemplo $1.000.000.',
    );
    expect(parseTypedClp('-500000')).toBeNull();
    expect(parseTypedClp('$ 1.500.000 pesos')).toBe(1_500_000);
  });
});
