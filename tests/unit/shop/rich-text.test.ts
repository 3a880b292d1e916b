/** A product's description: only the allowed markup survives, and lines stay lines. */
import { describe, expect, it } from 'vitest';
import { descriptionText, sanitizeDescription } from '@/lib/shop/rich-text.server';

describe('product descriptions', () => {
  it('keeps the lines a browser editor writes as <div> as paragraphs', () => {
    const typed = 'Hecho a mano.<div>Cada pieza es única.</div><div><b>Greda</b> del sur.</div>';
    expect(sanitizeDescription(typed)).toBe(
      'Hecho a mano.<p>Cada pieza es única.</p><p><strong>Greda</strong> del sur.</p>',
    );
    expect(descriptionText(sanitizeDescription(typed))).toBe(
      'Hecho a mano. Cada pieza es única. Greda del sur.',
    );
  });

  it('turns plain text into paragraphs and drops script, handlers and bad links', () => {
    expect(sanitizeDescription('Uno\n\nDos')).toBe('<p>Uno</p><p>Dos</p>');
    const hostile =
      '<p onclick="x()">Hola<script>alert(1)</script> <a href="javascript:alert(1)">aquí</a></p>';
    // A link without a safe address goes, its text with it.
    expect(sanitizeDescription(hostile)).toBe('<p>Hola </p>');
  });

  it("reads a stored description's text: entities decoded, tags and line breaks as spaces", () => {
    const stored = sanitizeDescription(
      '<p>Taza &amp; plato &lt;set&gt; de "Greda"</p><ul><li>Uno</li><li>Dos<br>tres</li></ul>',
    );
    expect(descriptionText(stored)).toBe('Taza & plato <set> de "Greda" Uno Dos tres');
    expect(descriptionText('<p>Caf&#233; &#x263A; &eacute;</p>')).toBe('Café ☺ &eacute;');
    expect(descriptionText('<p>Una descripción larga</p>', 10)).toBe('Una descr…');
  });
});
