/** The legal texts a shop starts with: the privacy template follows Ley 21.719. */
import { describe, expect, it } from 'vitest';
import { legalBlocks, legalTemplate } from '@/lib/shop/legal';

const shop = { name: 'Cerámica Ana', email: 'ana@ceramica.cl', whatsapp: '+56 9 1234 5678' };

describe('the shop’s privacy template', () => {
  const text = legalTemplate('privacidad', shop);
  it('names the shop as responsible under Ley 19.628 as amended by Ley 21.719', () => {
    expect(text).toContain('Cerámica Ana es responsable de los datos personales');
    expect(text).toContain('modificada por la Ley 21.719');
  });
  it('names every right, how to use it, the term and the Agencia', () => {
    for (const words of [
      'acceso',
      'rectificarlos',
      'suprimirlos',
      'oponerte',
      'portabilidad',
      'bloquear',
      'ana@ceramica.cl',
      '+56 9 1234 5678',
      '15 días hábiles',
      'Agencia de Protección de Datos Personales',
    ])
      expect(text).toContain(words);
  });
  it('names the recipients, Impulsa as processor among them, and what is kept for the tax law', () => {
    expect(text).toContain('empresa de despacho');
    expect(text).toContain(
      'Impulsa, la plataforma de esta tienda, que los trata por nuestro encargo',
    );
    expect(text).toContain('seis años');
  });
  it('reads as headings and paragraphs', () => {
    expect(
      legalBlocks(text)
        .filter((b) => b.heading)
        .map((b) => b.text),
    ).toEqual(['Qué datos usamos y para qué', 'Con quién los compartimos', 'Tus derechos']);
  });
});
