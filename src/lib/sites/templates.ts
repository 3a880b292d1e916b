/**
 * Starter sites: a seller picks one when creating a site and edits from there. Each is a set of
 * pages (Puck documents) written for a small Chilean business, in its voice.
 */
import { prose } from '@/lib/prose';
import type { PageData, TemplateName } from '@/lib/sites/schemas';

export interface TemplatePage {
  path: string;
  title: string;
  data: PageData;
}

type Blocks = PageData['content'];
const block = (
  type: Blocks[number]['type'],
  id: string,
  props: Record<string, unknown>,
): Blocks[number] => ({ type, props: { id, ...props } });
const doc = (title: string, content: Blocks): PageData => ({ root: { props: { title } }, content });

/** What each template is, for the picker. */
export const TEMPLATE_INFO: Record<TemplateName, { label: string; description: string }> = {
  tienda: {
    label: 'Tienda',
    description: 'Portada con tus productos destacados y un botón de WhatsApp.',
  },
  servicios: {
    label: 'Servicios',
    description: 'Para quien vende su trabajo: qué haces, cómo trabajas y cómo contactarte.',
  },
  historia: {
    label: 'Emprendimiento con historia',
    description: 'Cuenta de dónde vienes y por qué haces lo que haces, con tus productos al final.',
  },
  'en-blanco': { label: 'En blanco', description: 'Una portada vacía para armar a tu manera.' },
};

export function templatePages(template: TemplateName, name: string): TemplatePage[] {
  switch (template) {
    case 'tienda':
      return [
        {
          path: '/',
          title: 'Inicio',
          data: doc(name, [
            block('Hero', 'hero', {
              title: name,
              subtitle: 'Hecho en Chile, con cariño. Compra directo y recibe en tu casa.',
              image: null,
              cta_label: 'Ver productos',
              cta_href: '/shop',
            }),
            block('ProductGrid', 'destacados', { title: 'Destacados', category: null, limit: 6 }),
            block('WhatsAppButton', 'whatsapp', {
              phone: '',
              message: `Hola, vi el sitio de ${name} y quiero hacer un pedido.`,
            }),
          ]),
        },
      ];
    case 'servicios':
      return [
        {
          path: '/',
          title: 'Inicio',
          data: doc(name, [
            block('Hero', 'hero', {
              title: name,
              subtitle: 'Te ayudamos a resolverlo bien y a tiempo.',
              image: null,
              cta_label: 'Conversemos',
              cta_href: '/contacto',
            }),
            block('Columns', 'columnas', {
              left: [
                block('Text', 'que-hacemos', {
                  text: prose`<p><strong>Qué hacemos</strong></p><ul><li>Diagnóstico sin
  costo</li><li>Presupuesto en 24 horas</li><li>Boleta o factura</li></ul>`,
                }),
              ],
              right: [
                block('Text', 'como-trabajamos', {
                  text: prose`<p><strong>Cómo trabajamos</strong></p><p>Agendamos una visita, te
  enviamos el presupuesto y coordinamos el trabajo contigo.</p>`,
                }),
              ],
            }),
          ]),
        },
        {
          path: '/contacto',
          title: 'Contacto',
          data: doc(`Contacto · ${name}`, [
            block('Text', 'contacto', {
              text: '<p>Escríbenos por WhatsApp y te respondemos el mismo día hábil.</p>',
            }),
            block('WhatsAppButton', 'whatsapp', {
              phone: '',
              message: 'Hola, quiero cotizar un servicio.',
            }),
          ]),
        },
      ];
    case 'historia':
      return [
        {
          path: '/',
          title: 'Inicio',
          data: doc(name, [
            block('Hero', 'hero', {
              title: name,
              subtitle: 'Una historia que empezó en la cocina de la casa.',
              image: null,
              cta_label: 'Nuestra historia',
              cta_href: '/historia',
            }),
            block('ProductGrid', 'productos', {
              title: 'Lo que hacemos',
              category: null,
              limit: 6,
            }),
          ]),
        },
        {
          path: '/historia',
          title: 'Nuestra historia',
          data: doc(`Nuestra historia · ${name}`, [
            block('Text', 'historia', {
              text: prose`<p>Cuenta aquí cómo empezaste, quién está detrás y qué te hace distinto.
  Las personas compran a personas.</p>`,
            }),
            block('WhatsAppButton', 'whatsapp', {
              phone: '',
              message: 'Hola, leí su historia y quiero saber más.',
            }),
          ]),
        },
      ];
    case 'en-blanco':
      return [
        {
          path: '/',
          title: 'Inicio',
          data: doc(name, [
            block('Hero', 'hero', {
              title: name,
              subtitle: '',
              image: null,
              cta_label: '',
              cta_href: '',
            }),
          ]),
        },
      ];
  }
}
