/** The canvas as a one-page landscape A4 PDF, in the classic layout (pdf-lib, standard fonts). */
import { formatDate } from '@/lib/dates';
import { PDFDocument, StandardFonts, rgb, type PDFFont, type PDFPage } from 'pdf-lib';
import { displayColor, NOTE_COLOR_STYLES, type Note, type Sections } from '@/lib/canvas/notes';
import { CANVAS_ATTRIBUTION, CANVAS_CELLS, CANVAS_GRID, LAYOUT_ORDER } from '@/lib/canvas/layout';
import { SECTION_GUIDES } from '@/lib/canvas/sections';

const PAGE = { width: 841.89, height: 595.28 };
const MARGIN = 24;
const WIN_ANSI_EXTRAS = '€‚ƒ„…†‡ˆ‰Š‹ŒŽ‘’“”•–—˜™š›œžŸ';

/** Standard PDF fonts speak WinAnsi: keep Latin-1 and its extras, replace anything else. */
function encodable(text: string): string {
  return (
    Array.from(text.normalize('NFC'))
      .map((ch) =>
        ch.charCodeAt(0) <= 0xff || WIN_ANSI_EXTRAS.includes(ch) ? ch : ch === '\n' ? ' ' : '?',
      )
      .join('')
      // eslint-disable-next-line no-control-regex -- control characters are what this removes
      .replace(/[\u0000-\u001f\u007f-\u009f]/g, ' ')
  );
}

function wrap(text: string, font: PDFFont, size: number, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line ? `${line} ${word}` : word;
    if (font.widthOfTextAtSize(candidate, size) <= width) line = candidate;
    else {
      if (line) lines.push(line);
      line = word;
      while (font.widthOfTextAtSize(line, size) > width && line.length > 1) {
        let cut = line.length - 1;
        while (cut > 1 && font.widthOfTextAtSize(line.slice(0, cut), size) > width) cut--;
        lines.push(line.slice(0, cut));
        line = line.slice(cut);
      }
    }
  }
  if (line) lines.push(line);
  return lines;
}

function hexColor(hex: string) {
  const n = Number.parseInt(hex.slice(1), 16);
  return rgb(((n >> 16) & 255) / 255, ((n >> 8) & 255) / 255, (n & 255) / 255);
}

function drawCell(
  page: PDFPage,
  fonts: { bold: PDFFont; regular: PDFFont },
  box: { x: number; y: number; w: number; h: number },
  title: string,
  notes: Note[],
  segments: Note[],
) {
  page.drawRectangle({
    x: box.x,
    y: box.y,
    width: box.w,
    height: box.h,
    borderColor: rgb(0.35, 0.35, 0.45),
    borderWidth: 0.8,
  });
  page.drawText(encodable(title), {
    x: box.x + 6,
    y: box.y + box.h - 14,
    size: 9,
    font: fonts.bold,
    color: rgb(0.18, 0.17, 0.51),
  });
  const inner = box.w - 14;
  const top = box.y + box.h - 22;
  const bottom = box.y + 4;
  // The largest size at which every note fits; below the floor, the rest is cut with "…".
  for (let size = 8; size >= 5; size -= 0.5) {
    const leading = size * 1.25;
    const blocks = notes.map((n) => wrap(encodable(n.text), fonts.regular, size, inner - 6));
    const needed = blocks.reduce((h, lines) => h + lines.length * leading + 3, 0);
    if (needed > top - bottom && size > 5) continue;
    let y = top;
    for (const [i, lines] of blocks.entries()) {
      const height = lines.length * leading + 1;
      if (y - height < bottom) {
        page.drawText('…', {
          x: box.x + 6,
          y: Math.max(bottom, y - leading),
          size,
          font: fonts.regular,
        });
        break;
      }
      page.drawRectangle({
        x: box.x + 5,
        y: y - height + 2,
        width: inner + 2,
        height,
        color: hexColor(NOTE_COLOR_STYLES[displayColor(notes[i]!, segments)].hex),
      });
      for (const line of lines) {
        y -= leading;
        page.drawText(line, {
          x: box.x + 8,
          y: y + 2.5,
          size,
          font: fonts.regular,
          color: rgb(0.1, 0.1, 0.12),
        });
      }
      y -= 3;
    }
    return;
  }
}

/** Renders the canvas; resolves with the PDF bytes. */
export async function canvasPdf(
  canvas: { title: string; description: string; sections: Sections },
  generatedAt = new Date(),
): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.setTitle(encodable(`Canvas de modelo de negocio: ${canvas.title}`));
  doc.setAuthor('Impulsa');
  doc.setLanguage('es-CL');
  const page = doc.addPage([PAGE.width, PAGE.height]);
  const fonts = {
    bold: await doc.embedFont(StandardFonts.HelveticaBold),
    regular: await doc.embedFont(StandardFonts.Helvetica),
  };

  page.drawText(encodable(canvas.title), {
    x: MARGIN,
    y: PAGE.height - MARGIN - 12,
    size: 15,
    font: fonts.bold,
  });
  if (canvas.description)
    page.drawText(encodable(canvas.description).slice(0, 160), {
      x: MARGIN,
      y: PAGE.height - MARGIN - 28,
      size: 8.5,
      font: fonts.regular,
      color: rgb(0.33, 0.33, 0.42),
    });
  const date = formatDate(generatedAt);
  page.drawText(encodable(`Canvas de modelo de negocio · ${date}`), {
    x: PAGE.width - MARGIN - 190,
    y: PAGE.height - MARGIN - 12,
    size: 8,
    font: fonts.regular,
    color: rgb(0.33, 0.33, 0.42),
  });

  const gridTop = PAGE.height - MARGIN - 38;
  const gridBottom = MARGIN + 14;
  const colW = (PAGE.width - 2 * MARGIN) / CANVAS_GRID.cols;
  const rowH = (gridTop - gridBottom) / CANVAS_GRID.rows;
  const segments = canvas.sections['segmento-de-clientes']?.notes ?? [];
  for (const slug of LAYOUT_ORDER) {
    const cell = CANVAS_CELLS[slug];
    const box = {
      x: MARGIN + cell.col * colW,
      y: gridTop - (cell.row + cell.rows) * rowH,
      w: cell.cols * colW,
      h: cell.rows * rowH,
    };
    drawCell(
      page,
      fonts,
      box,
      SECTION_GUIDES[slug].title,
      canvas.sections[slug]?.notes ?? [],
      segments,
    );
  }
  page.drawText(encodable(`${CANVAS_ATTRIBUTION} Generado con Impulsa.`), {
    x: MARGIN,
    y: MARGIN,
    size: 7,
    font: fonts.regular,
    color: rgb(0.42, 0.42, 0.5),
  });
  return doc.save();
}
