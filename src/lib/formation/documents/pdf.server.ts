/**
 * Lays out a `LegalText` as an A4 PDF with Inter embedded (subset, with its Unicode map), so the
 * text is selectable and searchable, accents and «» included.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import type { LegalText } from '@/lib/formation/documents/statutes';

const PAGE: [number, number] = [595.28, 841.89];
const MARGIN = 64;
const WIDTH = PAGE[0] - 2 * MARGIN;
const LABEL_WIDTH = 170;
const INK = rgb(0.1, 0.1, 0.12);
const MUTED = rgb(0.42, 0.42, 0.46);

let fontBytes: Promise<[Uint8Array, Uint8Array]> | undefined;

/** Inter's Latin files from @fontsource/inter, read once per process. */
function loadFonts() {
  const dir = path.join(
    path.dirname(createRequire(import.meta.url).resolve('@fontsource/inter')),
    'files',
  );
  const read = (weight: string) => readFile(path.join(dir, `inter-latin-${weight}-normal.woff`));
  fontBytes ??= Promise.all([read('400'), read('700')]);
  return fontBytes;
}

/** Characters the subset cannot draw (an emoji in a name) would print as boxes: drop them. */
function drawable(font: PDFFont, text: string): string {
  const set = new Set(font.getCharacterSet());
  return [...text.replace(/\t/g, ' ')]
    .filter((ch) => ch === '\n' || set.has(ch.codePointAt(0)!))
    .join('');
}

/** Lines of at most `width` points, broken at spaces (or inside a word longer than a line). */
function wrap(font: PDFFont, size: number, text: string, width: number): string[] {
  const lines: string[] = [];
  for (const paragraph of text.split('\n')) {
    let line = '';
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      const candidate = line ? `${line} ${word}` : word;
      if (font.widthOfTextAtSize(candidate, size) <= width) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
    lines.push(line);
  }
  return lines;
}

/** A cursor that writes top to bottom and starts a new page when the next block does not fit. */
class Writer {
  page!: PDFPage;
  y = 0;
  readonly doc: PDFDocument;
  readonly regular: PDFFont;
  readonly bold: PDFFont;
  constructor(doc: PDFDocument, regular: PDFFont, bold: PDFFont) {
    this.doc = doc;
    this.regular = regular;
    this.bold = bold;
    this.newPage();
  }
  newPage() {
    this.page = this.doc.addPage(PAGE);
    this.y = PAGE[1] - MARGIN;
  }
  ensure(height: number) {
    if (this.y - height < MARGIN + 24) this.newPage();
  }
  lines(
    text: string,
    o: {
      size: number;
      bold?: boolean;
      x?: number;
      width?: number;
      center?: boolean;
      color?: typeof INK;
    },
  ) {
    const font = o.bold ? this.bold : this.regular;
    const leading = o.size * 1.45;
    const lines = wrap(font, o.size, drawable(font, text), o.width ?? WIDTH);
    for (const line of lines) {
      this.ensure(leading);
      const x = o.center ? (PAGE[0] - font.widthOfTextAtSize(line, o.size)) / 2 : (o.x ?? MARGIN);
      this.page.drawText(line, {
        x,
        y: this.y - o.size,
        size: o.size,
        font,
        color: o.color ?? INK,
      });
      this.y -= leading;
    }
  }
  gap(points: number) {
    this.y -= points;
  }
}

export interface PdfMeta {
  /** The PDF's title and its first heading's subject line (the company's name). */
  subject: string;
  /** Printed at the foot of every page with its number. */
  footer: string;
  /** Clauses (heading above its text) or rows (label beside its value). */
  layout: 'clauses' | 'rows';
}

/** The document as PDF bytes. */
export async function renderPdf(text: LegalText, meta: PdfMeta): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.registerFontkit(fontkit);
  const [regularBytes, boldBytes] = await loadFonts();
  const regular = await doc.embedFont(regularBytes, { subset: true });
  const bold = await doc.embedFont(boldBytes, { subset: true });
  doc.setTitle(`${text.title} · ${meta.subject}`);
  doc.setSubject(meta.subject);
  doc.setAuthor('Impulsa');
  doc.setCreator('Impulsa');
  doc.setLanguage('es-CL');

  const w = new Writer(doc, regular, bold);
  w.lines(text.title.toUpperCase(), { size: 14, bold: true, center: true });
  w.gap(2);
  w.lines(meta.subject, { size: 12, bold: true, center: true });
  w.gap(14);
  w.lines(text.intro, { size: 10.5 });
  for (const section of text.sections) {
    w.gap(12);
    // A block of rows (one person's data) stays on one page; clauses may run on.
    const rowsHeight = section.clauses.reduce(
      (sum, c) =>
        sum + Math.max(1, wrap(regular, 10, c.text, WIDTH - LABEL_WIDTH).length) * 14.5 + 3,
      30,
    );
    w.ensure(meta.layout === 'rows' && rowsHeight < PAGE[1] / 2 ? rowsHeight : 60);
    w.lines(section.heading.toUpperCase(), { size: 11, bold: true });
    w.gap(4);
    for (const clause of section.clauses) {
      if (meta.layout === 'clauses') {
        w.ensure(40);
        w.lines(clause.heading, { size: 10.5, bold: true });
        w.lines(clause.text, { size: 10.5 });
        w.gap(6);
        continue;
      }
      const valueLines = wrap(regular, 10, drawable(regular, clause.text), WIDTH - LABEL_WIDTH);
      w.ensure(Math.max(1, valueLines.length) * 14.5);
      const top = w.y;
      w.lines(clause.heading, { size: 10, bold: true, width: LABEL_WIDTH - 12 });
      const labelBottom = w.y;
      w.y = top;
      w.lines(clause.text || '—', {
        size: 10,
        x: MARGIN + LABEL_WIDTH,
        width: WIDTH - LABEL_WIDTH,
      });
      w.y = Math.min(w.y, labelBottom) - 3;
    }
  }

  const pages = doc.getPages();
  pages.forEach((page, i) => {
    const footer = drawable(regular, meta.footer);
    page.drawText(footer, { x: MARGIN, y: MARGIN - 20, size: 8, font: regular, color: MUTED });
    const number = `Página ${i + 1} de ${pages.length}`;
    page.drawText(number, {
      x: PAGE[0] - MARGIN - regular.widthOfTextAtSize(number, 8),
      y: MARGIN - 20,
      size: 8,
      font: regular,
      color: MUTED,
    });
  });
  return doc.save();
}
