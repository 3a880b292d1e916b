import { describe, expect, it } from 'vitest';
import { revenueProduct, siteFromCanvas } from '@/lib/sites/from-canvas';

describe('a site from a canvas', () => {
  it('reads a product and its price from a revenue stream as people write them', () => {
    expect(revenueProduct('Torta de mil hojas: $18.990')).toEqual({
      name: 'Torta de mil hojas',
      price: 18990,
      description: '',
    });
    expect(revenueProduct('Caja de 12 alfajores a $ 6.500 c/u')?.price).toBe(6500);
    expect(revenueProduct('suscripción mensual 9990 pesos')).toMatchObject({
      name: 'Suscripción mensual',
      price: 9990,
    });
    expect(revenueProduct('Venta directa en ferias')).toBeNull();
    expect(revenueProduct('$5.000')).toBeNull();
  });

  it('builds the home page: promise in the Hero, segments, activities, products, channels', () => {
    const { pages, products } = siteFromCanvas(
      {
        'propuesta-de-valor': ['Pan de masa madre horneado cada mañana', 'Despacho en el día'],
        'segmento-de-clientes': ['Familias de Ñuñoa', 'Cafeterías <del barrio>'],
        'actividades-clave': ['Hornear de madrugada'],
        canales: ['Instagram', 'Feria de los sábados'],
        'flujo-de-ingresos': [
          'Pan amasado $2.500 el kilo',
          'Pedidos por mayor',
          'Pan amasado $2.500',
        ],
      },
      'Pan de Rosa',
    );
    expect(products).toEqual([{ name: 'Pan amasado', price: 2500, description: '' }]);
    const content = pages[0]!.data.content;
    expect(content.map((b) => [b.type, b.props.id])).toEqual([
      ['Hero', 'hero'],
      ['Text', 'para-quien'],
      ['Text', 'como-trabajamos'],
      ['ProductGrid', 'productos'],
      ['Text', 'canales'],
      ['WhatsAppButton', 'whatsapp'],
    ]);
    expect(content[0]!.props).toMatchObject({
      title: 'Pan de Rosa',
      subtitle: 'Pan de masa madre horneado cada mañana · Despacho en el día',
      cta_href: '/shop',
    });
    // Notes are text: escaped, never markup.
    expect(content[1]!.props.text).toContain('<li>Cafeterías &#60;del barrio&#62;</li>');
  });

  it('leaves out the blocks an empty canvas has nothing for', () => {
    const { pages, products } = siteFromCanvas({}, 'Nuevo');
    expect(products).toEqual([]);
    expect(pages[0]!.data.content.map((b) => b.type)).toEqual(['Hero', 'WhatsAppButton']);
  });
});
