import { PDFDocument } from 'pdf-lib';
import { describe, expect, it } from 'vitest';
import { CANVAS_CELLS, LAYOUT_ORDER } from '@/lib/canvas/layout';
import {
  diffNotes,
  displayColor,
  noteSchema,
  notesSchema,
  type Note,
  type Sections,
} from '@/lib/canvas/notes';
import { reviewCanvas } from '@/lib/canvas/review';
import {
  CANVAS_SECTIONS,
  isSection,
  neighbours,
  SECTION_GUIDES,
  SECTION_ORDER,
} from '@/lib/canvas/sections';
import { canvasPdf } from '@/lib/canvas/pdf.server';

const note = (id: string, text: string, extra: Partial<Note> = {}): Note => ({
  id: `note-${id}`,
  text,
  color: 'amarillo',
  segmentIds: [],
  ...extra,
});
function sections(fill: Partial<Record<(typeof CANVAS_SECTIONS)[number], Note[]>>): Sections {
  return Object.fromEntries(
    CANVAS_SECTIONS.map((s) => [s, { notes: fill[s] ?? [], version: 1 }]),
  ) as Sections;
}

describe('sections', () => {
  it('exactly the nine slugs of the spec, in the recommended order', () => {
    expect([...CANVAS_SECTIONS].sort()).toEqual(
      [
        'canales',
        'socios-clave',
        'recursos-clave',
        'actividades-clave',
        'flujo-de-ingresos',
        'propuesta-de-valor',
        'estructura-de-costos',
        'segmento-de-clientes',
        'relacion-con-clientes',
      ].sort(),
    );
    expect(SECTION_ORDER).toEqual([
      'segmento-de-clientes',
      'propuesta-de-valor',
      'canales',
      'relacion-con-clientes',
      'flujo-de-ingresos',
      'recursos-clave',
      'actividades-clave',
      'socios-clave',
      'estructura-de-costos',
    ]);
    expect(neighbours('segmento-de-clientes')).toEqual({
      previous: null,
      next: 'propuesta-de-valor',
    });
    expect(neighbours('estructura-de-costos')).toEqual({ previous: 'socios-clave', next: null });
    expect(isSection('canales')).toBe(true);
    expect(isSection('canal')).toBe(false);
  });

  it('each section has guidance, questions and two or three Chilean examples', () => {
    for (const s of CANVAS_SECTIONS) {
      const g = SECTION_GUIDES[s];
      expect(g.meaning.length).toBeGreaterThan(40);
      expect(g.questions.length).toBeGreaterThanOrEqual(2);
      expect(g.examples.length).toBeGreaterThanOrEqual(2);
      expect(g.examples.length).toBeLessThanOrEqual(3);
    }
  });

  it('the classic layout covers the 10 × 3 grid exactly once', () => {
    const taken = new Set<string>();
    for (const s of LAYOUT_ORDER) {
      const c = CANVAS_CELLS[s];
      for (let x = c.col; x < c.col + c.cols; x++)
        for (let y = c.row; y < c.row + c.rows; y++) {
          expect(taken.has(`${x},${y}`)).toBe(false);
          taken.add(`${x},${y}`);
        }
    }
    expect(taken.size).toBe(30);
  });
});

describe('notes', () => {
  it('validates text length, colour and id', () => {
    expect(noteSchema.safeParse(note('abcdef', 'Hola')).success).toBe(true);
    expect(noteSchema.safeParse(note('abcdef', 'x'.repeat(501))).error!.issues[0]!.message).toMatch(
      /500 caracteres/,
    );
    expect(noteSchema.safeParse(note('abcdef', '   ')).success).toBe(false);
    expect(noteSchema.safeParse({ ...note('abcdef', 'x'), color: 'negro' }).success).toBe(false);
    expect(
      notesSchema.safeParse(Array.from({ length: 51 }, (_, i) => note(`abcdef${i}`, 'x'))).success,
    ).toBe(false);
  });

  it('a note linked to a segment takes its colour', () => {
    const segment = note('seg001', 'Familias', { color: 'lila' });
    expect(
      displayColor(note('vp0001', 'Pan', { color: 'amarillo', segmentIds: ['note-seg001'] }), [
        segment,
      ]),
    ).toBe('lila');
    expect(displayColor(note('vp0001', 'Pan', { color: 'verde' }), [segment])).toBe('verde');
  });

  it('diffNotes tells what another tab changed', () => {
    const mine = [note('aaaaaa', 'Uno'), note('bbbbbb', 'Dos')];
    const theirs = [note('aaaaaa', 'Uno cambiado'), note('cccccc', 'Tres')];
    const d = diffNotes(mine, theirs);
    expect(d.added.map((n) => n.text)).toEqual(['Tres']);
    expect(d.removed.map((n) => n.text)).toEqual(['Dos']);
    expect(d.changed.map((c) => c.theirs.text)).toEqual(['Uno cambiado']);
  });
});

describe('review', () => {
  it('an empty canvas scores 0 with nine empty blocks', () => {
    const r = reviewCanvas(sections({}));
    expect(r.score).toBe(0);
    expect(r.issues.filter((i) => i.id.startsWith('empty:'))).toHaveLength(9);
  });

  it('finds unlinked propositions and revenue, segments without channel or relationship, no costs', () => {
    const seg = note('seg001', 'Familias del barrio');
    const r = reviewCanvas(
      sections({
        'segmento-de-clientes': [seg],
        'propuesta-de-valor': [note('vp0001', 'Pan caliente')],
        'flujo-de-ingresos': [note('rev001', 'Venta por kilo')],
        'actividades-clave': [note('act001', 'Hornear')],
        'recursos-clave': [note('res001', 'Horno')],
      }),
    );
    const ids = r.issues.map((i) => i.id);
    expect(ids).toEqual(
      expect.arrayContaining([
        'vp-unlinked:note-vp0001',
        'segment-no-channel:note-seg001',
        'segment-no-relationship:note-seg001',
        'revenue-unlinked:note-rev001',
        'no-cost:actividades-clave',
        'no-cost:recursos-clave',
        'empty:canales',
      ]),
    );
    expect(r.issues.find((i) => i.id === 'segment-no-channel:note-seg001')!.section).toBe(
      'canales',
    );
    expect(r.issues.every((i) => i.advice.length > 20)).toBe(true);
  });

  it('a complete, consistent canvas scores 100', () => {
    const seg = note('seg001', 'Familias del barrio');
    const linked = { segmentIds: ['note-seg001'] };
    const full = sections({
      'segmento-de-clientes': [seg],
      'propuesta-de-valor': [note('vp0001', 'Pan', linked)],
      canales: [note('can001', 'Local', linked)],
      'relacion-con-clientes': [note('rel001', 'Trato cercano', linked)],
      'flujo-de-ingresos': [note('rev001', 'Venta', linked)],
      'recursos-clave': [note('res001', 'Horno')],
      'actividades-clave': [note('act001', 'Hornear')],
      'socios-clave': [note('soc001', 'Molino')],
      'estructura-de-costos': [note('cos001', 'Harina')],
    });
    const r = reviewCanvas(full);
    expect(r.issues).toEqual([]);
    expect(r.score).toBe(100);
    expect(r.filled).toBe(9);
  });
});

describe('PDF', () => {
  it('is one landscape A4 page, even with long notes and characters outside WinAnsi', async () => {
    const many = Array.from({ length: 40 }, (_, i) =>
      note(
        `long${String(i).padStart(3, '0')}`,
        `Nota número ${i} con texto largo, acentos (ñ, á, ü) y un emoji 🥖 ${'palabra '.repeat(20)}`,
      ),
    );
    const bytes = await canvasPdf({
      title: 'Panadería «Las Rosas» — Ñuñoa',
      description: 'Pan de masa madre',
      sections: sections({ 'segmento-de-clientes': many, 'propuesta-de-valor': many.slice(0, 5) }),
    });
    expect(bytes.length).toBeGreaterThan(2000);
    const doc = await PDFDocument.load(bytes);
    expect(doc.getPageCount()).toBe(1);
    const { width, height } = doc.getPage(0).getSize();
    expect(width).toBeGreaterThan(height);
    expect(Math.round(width)).toBe(842);
  });
});
