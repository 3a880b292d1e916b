/** The SII documents an order becomes (pure): amounts to the peso, the issuer's two shapes, credit notes. */
import { describe, expect, it } from 'vitest';
import { creditNoteOf } from '@/lib/invoicing/credit-note';
import { splitIva, type Issuer } from '@/lib/invoicing/dte';
import { saleDocumentOf } from '@/lib/invoicing/sale-document';

const issuer: Issuer = {
  rut: '76123456-0',
  name: 'Greda del Sur SpA',
  giro: 'VENTA AL POR MENOR POR CORREO, POR INTERNET Y VIA TELEFONICA',
  address: 'Av. Italia 1234',
  comuna: 'Ñuñoa',
  branch: '81303347',
  acteco: 479100,
};

const order = {
  total: 27470,
  deliveryPrice: 3990,
  discountAmount: 2500,
  discountCode: 'VERANO',
  items: [
    { name: 'Taza de greda', variantName: null, unitPrice: 12990, quantity: 1, taxExempt: false },
    { name: 'Plato hondo', variantName: 'Azul', unitPrice: 6495, quantity: 2, taxExempt: false },
  ],
  paidOn: '2026-11-27',
};

describe('splitIva', () => {
  it.each([
    [1000, 840, 160],
    [12990, 10916, 2074],
    [1, 1, 0],
    [999_999_999, 840_336_134, 159_663_865],
  ])('%i → neto %i + IVA %i', (total, neto, iva) => {
    expect(splitIva(total)).toEqual({ neto, iva });
  });
});

const invoice = {
  rut: '77.654.321-7',
  name: 'Cafetería El Andén SpA',
  giro: 'Venta de café y pasteles',
  address: 'Av. Providencia 1234',
  comuna: 'Providencia',
};

describe('saleDocumentOf', () => {
  it('a boleta: gross lines, delivery a line, the code a global discount, totals to the peso', () => {
    const { type, dte, amounts } = saleDocumentOf(order, issuer, null);
    expect(type).toBe(39);
    expect(dte.Encabezado.IdDoc).toEqual({
      TipoDTE: 39,
      Folio: 0,
      FchEmis: '2026-11-27',
      IndServicio: 3,
    });
    expect(dte.Encabezado.Emisor).toEqual({
      RUTEmisor: '76123456-0',
      RznSocEmisor: 'Greda del Sur SpA',
      GiroEmisor: 'VENTA AL POR MENOR POR CORREO, POR INTERNET Y VIA TELEFONICA',
      DirOrigen: 'Av. Italia 1234',
      CmnaOrigen: 'Ñuñoa',
      CdgSIISucur: '81303347',
    });
    expect(dte.Encabezado.Receptor).toEqual({ RUTRecep: '66666666-6' });
    expect(dte.Detalle.map((l) => [l.NmbItem, l.QtyItem, l.PrcItem, l.MontoItem])).toEqual([
      ['Taza de greda', 1, 12990, 12990],
      ['Plato hondo / Azul', 2, 6495, 12990],
      ['Despacho', 1, 3990, 3990],
    ]);
    expect(dte.DscRcgGlobal).toEqual([
      { NroLinDR: 1, TpoMov: 'D', GlosaDR: 'Código VERANO', TpoValor: '$', ValorDR: 2500 },
    ]);
    expect(amounts).toEqual({ neto: 23084, iva: 4386, exento: 0, total: 27470 });
    expect(dte.Encabezado.Totales).toEqual({ MntNeto: 23084, IVA: 4386, MntTotal: 27470 });
  });

  it('names are cut at the SII’s 80 characters', () => {
    const long = { ...order.items[0]!, name: 'Taza '.repeat(30) };
    const { dte } = saleDocumentOf(
      { ...order, total: 12990, deliveryPrice: 0, discountAmount: 0, items: [long] },
      issuer,
      null,
    );
    expect(dte.Detalle[0]!.NmbItem).toHaveLength(80);
  });

  it('a factura: the business as receptor, MntBruto, the issuer with its activity', () => {
    const { type, dte } = saleDocumentOf(order, issuer, invoice);
    expect(type).toBe(33);
    expect(dte.Encabezado.IdDoc).toMatchObject({ TipoDTE: 33, MntBruto: 1 });
    expect(dte.Encabezado.Emisor).toMatchObject({ RznSoc: 'Greda del Sur SpA', Acteco: 479100 });
    expect(dte.Encabezado.Receptor).toMatchObject({
      RUTRecep: '77654321-7',
      CmnaRecep: 'Providencia',
    });
    expect(dte.Encabezado.Totales).toEqual({
      MntNeto: 23084,
      TasaIVA: '19',
      IVA: 4386,
      MntTotal: 27470,
    });
  });

  const lesson = {
    name: 'Clase de torno',
    variantName: null,
    unitPrice: 20000,
    quantity: 1,
    taxExempt: true,
  };

  it('everything exempt: a boleta exenta (41) with MntExe only, and no line marked', () => {
    const exempt = { ...order, total: 20000, deliveryPrice: 0, discountAmount: 0 };
    const { type, dte, amounts } = saleDocumentOf({ ...exempt, items: [lesson] }, issuer, null);
    expect(type).toBe(41);
    expect(dte.Encabezado.IdDoc.TipoDTE).toBe(41);
    expect(dte.Encabezado.Totales).toEqual({ MntExe: 20000, MntTotal: 20000 });
    expect(dte.Detalle[0]).not.toHaveProperty('IndExe');
    expect(amounts).toEqual({ neto: 0, iva: 0, exento: 20000, total: 20000 });
  });

  it('exempt and afecto together: a boleta with IndExe lines and the discount shared', () => {
    const mixed = { ...order, total: 34480, items: [lesson, order.items[0]!] };
    const { type, dte, amounts } = saleDocumentOf(mixed, issuer, null);
    expect(type).toBe(39);
    expect(dte.Detalle.map((l) => l.IndExe)).toEqual([1, undefined, undefined]);
    // 2500 × 20000 / 36980 = 1352 of the discount was on the exempt lesson.
    expect(dte.DscRcgGlobal).toEqual([
      { NroLinDR: 1, TpoMov: 'D', GlosaDR: 'Código VERANO', TpoValor: '$', ValorDR: 1148 },
      {
        NroLinDR: 2,
        TpoMov: 'D',
        GlosaDR: 'Código VERANO',
        TpoValor: '$',
        ValorDR: 1352,
        IndExeDR: 1,
      },
    ]);
    expect(amounts).toEqual({ neto: 13304, iva: 2528, exento: 18648, total: 34480 });
    expect(dte.Encabezado.Totales).toEqual({
      MntNeto: 13304,
      MntExe: 18648,
      IVA: 2528,
      MntTotal: 34480,
    });
  });

  it('a factura of exempt goods only is a factura exenta (34), without MntBruto', () => {
    const exempt = { ...order, total: 20000, deliveryPrice: 0, discountAmount: 0, items: [lesson] };
    const { type, dte } = saleDocumentOf(exempt, issuer, invoice);
    expect(type).toBe(34);
    expect(dte.Encabezado.IdDoc).not.toHaveProperty('MntBruto');
    expect(dte.Encabezado.Totales).toEqual({ MntExe: 20000, MntTotal: 20000 });
  });

  it('refuses to build a document whose lines do not make the order’s total', () => {
    expect(() => saleDocumentOf({ ...order, total: 27471 }, issuer, null)).toThrow(/≠ total 27471/);
  });
});

describe('creditNoteOf', () => {
  it('cancels the whole boleta, keeping its neto and IVA, referring to its folio and date', () => {
    const sale = {
      type: 39 as const,
      folio: 12,
      issuedOn: '2026-11-20',
      neto: 23084,
      iva: 4386,
      exento: 0,
      total: 27470,
    };
    const { type, dte, amounts } = creditNoteOf(
      sale,
      issuer,
      '2026-11-27',
      'Pedido AB12-CD34 cancelado',
    );
    expect(type).toBe(61);
    expect(amounts).toEqual({ neto: 23084, iva: 4386, exento: 0, total: 27470 });
    expect(dte.Encabezado.Totales).toEqual({
      MntNeto: 23084,
      TasaIVA: '19',
      IVA: 4386,
      MntTotal: 27470,
    });
    expect(dte.Detalle).toEqual([
      {
        NroLinDet: 1,
        NmbItem: 'Anula boleta electrónica N° 12',
        QtyItem: 1,
        PrcItem: 23084,
        MontoItem: 23084,
      },
    ]);
    expect(dte.Referencia).toEqual([
      {
        NroLinRef: 1,
        TpoDocRef: '39',
        FolioRef: '12',
        FchRef: '2026-11-20',
        CodRef: '1',
        RazonRef: 'Pedido AB12-CD34 cancelado',
      },
    ]);
  });

  it('a mixed document is taken back in two lines; a factura’s to the same business', () => {
    const sale = {
      type: 33 as const,
      folio: 7,
      issuedOn: '2026-11-20',
      neto: 13304,
      iva: 2528,
      exento: 18648,
      total: 34480,
    };
    const { dte } = creditNoteOf(sale, issuer, '2026-11-27', 'Pedido cancelado', invoice);
    expect(dte.Detalle.map((l) => [l.PrcItem, l.IndExe])).toEqual([
      [13304, undefined],
      [18648, 1],
    ]);
    expect(dte.Encabezado.Receptor).toMatchObject({ RUTRecep: '77654321-7' });
    expect(dte.Encabezado.Totales).toEqual({
      MntNeto: 13304,
      TasaIVA: '19',
      IVA: 2528,
      MntExe: 18648,
      MntTotal: 34480,
    });
  });
});
