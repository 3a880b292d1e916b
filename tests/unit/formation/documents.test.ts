import { describe, expect, it } from 'vitest';
import { companyDocument } from '@/lib/formation/documents/documents.server';
import { numberInWords, pesosInWords } from '@/lib/money-words';
import { PAYLOADS } from '../../fixtures/companies';
import { pdfText } from '../../support/pdf';

async function documentText(
  type: 'spa' | 'ltda' | 'eirl',
  kind: 'estatutos' | 'ficha-de-datos',
  over = {},
) {
  const { type: _, ...payload } = { ...PAYLOADS[type], ...over };
  const { bytes, filename } = await companyDocument(
    { id: 42, type, company_name: payload.companyName, payload, rut: null, constituted_on: null },
    kind,
  );
  expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe('%PDF-');
  return { text: await pdfText(bytes), filename };
}

/** Each of `parts` appears in `text`, in this order. */
function expectInOrder(text: string, parts: string[]) {
  let from = 0;
  for (const part of parts) {
    const at = text.indexOf(part, from);
    expect(at, `«${part}» after position ${from}`).toBeGreaterThanOrEqual(0);
    from = at + part.length;
  }
}

describe('amounts in words', () => {
  it.each([
    [1, 'uno'],
    [21, 'veintiuno'],
    [100, 'cien'],
    [101, 'ciento uno'],
    [1001, 'mil uno'],
    [101_000, 'ciento un mil'],
    [1_000_000, 'un millón'],
    [2_500_000, 'dos millones quinientos mil'],
    [21_000_000, 'veintiún millones'],
    [1_234_567, 'un millón doscientos treinta y cuatro mil quinientos sesenta y siete'],
  ])('%i → %s', (n, words) => expect(numberInWords(n)).toBe(words));

  it('says pesos as a deed does', () => {
    expect(pesosInWords(1_000_000)).toBe('un millón de pesos');
    expect(pesosInWords(2_500_000)).toBe('dos millones quinientos mil pesos');
    expect(pesosInWords(21)).toBe('veintiún pesos');
    expect(pesosInWords(1)).toBe('un peso');
  });
});

describe('the statutes, read back from the PDF', () => {
  it('SpA: every clause with its values, in the registry model order', async () => {
    const { text, filename } = await documentText('spa', 'estatutos', {
      capital: '$2.500.000',
      totalShares: 2500,
      partnersInfo: [
        PAYLOADS.ltda.partnersInfo[0],
        { ...PAYLOADS.ltda.partnersInfo[1], administra: true },
      ],
      socialManagementType: 'conjunta',
    });
    expect(filename).toBe('estatutos-panaderia-las-rosas-spa.pdf');
    expectInOrder(text, [
      'ESTATUTOS DE SOCIEDAD POR ACCIONES',
      'Panadería Las Rosas SpA',
      'María José Soto Pérez, de nacionalidad chilena, soltera, ingeniera comercial, ' +
        'cédula nacional de identidad N.º 12.345.678-5',
      'Pedro Rojas Pérez, de nacionalidad chilena, casado, panadero',
      'Ley N.º 20.659',
      'Artículo primero. Nombre',
      'se denominará «Panadería Las Rosas SpA» y podrá usar',
      'el nombre de fantasía «Las Rosas»',
      'Artículo segundo. Domicilio',
      'la comuna de Providencia, Región Metropolitana de Santiago',
      'Artículo tercero. Duración',
      'La duración de la empresa será indefinida.',
      'Artículo cuarto. Objeto',
      'Elaboración y venta de productos de panadería y pastelería.',
      'Artículo quinto. Capital',
      '$2.500.000 (dos millones quinientos mil pesos), dividido en 2.500 acciones nominativas',
      'Artículo séptimo. Administración',
      'corresponderán a María José Soto Pérez y Pedro Rojas Pérez, quienes deberán actuar siempre en forma conjunta',
      'Artículo primero transitorio. Suscripción y pago',
      'María José Soto Pérez suscribe 1.250 acciones, por $1.250.000',
      'Pedro Rojas Pérez suscribe 1.250 acciones, por $1.250.000',
    ]);
    expect(text).not.toContain('cualquier otra actividad');
  });

  it('SpA with a board names its members', async () => {
    const three = ['12.345.678-5', '8.765.432-K', '11.111.111-1'].map((runRut, i) => ({
      ...PAYLOADS.spa.partnersInfo[0],
      runRut,
      nombre: ['Ana', 'Berta', 'Carla'][i]!,
      participacion: [40, 30, 30][i]!,
    }));
    const { text } = await documentText('spa', 'estatutos', {
      administration: 'directorio',
      partnersInfo: three,
    });
    expect(text).toContain(
      'un directorio de tres (3) miembros, que durarán tres años en sus cargos',
    );
    expect(text).toContain(
      'El primer directorio estará integrado por Ana Soto Pérez, Berta Soto Pérez y Carla Soto Pérez.',
    );
    expect(text).toContain('Ana Soto Pérez suscribe 400 acciones, por $400.000');
  });

  it('Ltda: contributions, limited liability, administration by all, special agreements', async () => {
    const { text } = await documentText('ltda', 'estatutos', { duration: '30' });
    expectInOrder(text, [
      'ESTATUTOS DE SOCIEDAD DE RESPONSABILIDAD LIMITADA',
      'Café del Puerto Limitada',
      'Ley N.º 3.918',
      'Artículo primero. Nombre',
      'se denominará «Café del Puerto Limitada»',
      'Artículo segundo. Domicilio',
      'Artículo tercero. Duración',
      'será de treinta (30) años, contados desde la fecha de su constitución',
      'Artículo cuarto. Objeto',
      'cualquier otra actividad civil o comercial lícita que acuerden sus socios',
      'Artículo quinto. Capital',
      '$1.000.000 (un millón de pesos)',
      'María José Soto Pérez aporta $500.000, equivalente al 50 % del capital',
      'Pedro Rojas Pérez aporta $500.000, equivalente al 50 % del capital',
      'Artículo sexto. Responsabilidad',
      'limitada al monto de sus respectivos aportes',
      'Artículo séptimo. Administración y uso de la razón social',
      'todos los socios, esto es, María José Soto Pérez y Pedro Rojas Pérez, ' +
        'quienes actuarán siempre en forma conjunta',
      'Artículo noveno. Acuerdos especiales',
      'Las utilidades se reparten según participación.',
    ]);
  });

  it('EIRL: the owner, the capital they bring and administer', async () => {
    const { text } = await documentText('eirl', 'estatutos');
    expectInOrder(text, [
      'ESTATUTOS DE EMPRESA INDIVIDUAL DE RESPONSABILIDAD LIMITADA',
      'María Soto Panadería E.I.R.L.',
      'María José Soto Pérez, de nacionalidad chilena',
      'Ley N.º 19.857',
      'Artículo primero. Nombre',
      'La empresa se denominará «María Soto Panadería E.I.R.L.»',
      'Artículo segundo. Domicilio',
      'Artículo tercero. Duración',
      'Artículo cuarto. Objeto',
      'Artículo quinto. Capital',
      '$1.000.000 (un millón de pesos), que el titular aporta',
      'Artículo sexto. Responsabilidad',
      'Artículo séptimo. Administración',
      'corresponderán a su titular, María José Soto Pérez',
    ]);
    expect(text).not.toMatch(/accionistas|socios/);
  });
});

describe('the data sheet, read back from the PDF', () => {
  it.each(['spa', 'ltda', 'eirl'] as const)(
    '%s: the registry form order, codes named',
    async (type) => {
      const { text } = await documentText(type, 'ficha-de-datos');
      expectInOrder(text, [
        'FICHA DE DATOS PARA EL REGISTRO DE EMPRESAS Y SOCIEDADES',
        '1. EMPRESA',
        'Tipo de empresa',
        'Razón social',
        PAYLOADS[type].companyName,
        'Nombre de fantasía Las Rosas',
        'Domicilio social Av. Providencia 1234, Oficina 501, Providencia, Región Metropolitana de Santiago',
        'Duración Indefinida',
        'Objeto',
        'Actividades económicas (SII) 107100 – Elaboración de productos de panadería y ' +
          'pastelería 472101 – Venta al por menor de alimentos',
        '2. CAPITAL',
        'Capital total $1.000.000',
        '3.',
        'RUT 12.345.678-5',
        'Estado civil Soltera',
        '4. ADMINISTRACIÓN',
      ]);
      if (type === 'spa') expect(text).toContain('Número de acciones 1.000');
      if (type === 'spa') expect(text).toContain('Acciones suscritas 1.000 acciones (100 %)');
      if (type === 'ltda')
        expectInOrder(text, [
          'Forma de administración Todos los socios',
          'Administradores María José Soto Pérez (12.345.678-5)',
          'Pedro Rojas Pérez (8.765.432-K)',
        ]);
      if (type !== 'eirl')
        expect(text).toContain(`3. ${type === 'spa' ? 'ACCIONISTA' : 'SOCIO 1 DE 2'}`);
    },
  );
});

describe('the tax start’s sheet, read back from the PDF', () => {
  it('the RUT and the deadline first, the data sheet, then how to do it; none before constitution', async () => {
    const { type: _, ...payload } = PAYLOADS.spa;
    const company = { id: 42, type: 'spa' as const, company_name: payload.companyName, payload };
    const { bytes, filename } = await companyDocument(
      { ...company, rut: '76.123.456-0', constituted_on: '2026-12-31' },
      'inicio-de-actividades',
    );
    expect(filename).toBe('inicio-de-actividades-panaderia-las-rosas-spa.pdf');
    expectInOrder(await pdfText(bytes), [
      'INICIO DE ACTIVIDADES: TUS DATOS',
      'CONTRIBUYENTE',
      'Razón social Panadería Las Rosas SpA',
      'RUT 76.123.456-0',
      'Fecha de constitución 31 de diciembre de 2026',
      'Plazo para iniciar actividades 28 de febrero de 2027',
      '1. EMPRESA',
      'Actividades económicas (SII)',
      '2. CAPITAL',
      'CÓMO HACERLO',
      'RUT e Inicio de Actividades',
    ]);
    await expect(
      companyDocument({ ...company, rut: null, constituted_on: null }, 'inicio-de-actividades'),
    ).rejects.toThrow('Este documento estará cuando tu empresa esté constituida.');
  });
});
