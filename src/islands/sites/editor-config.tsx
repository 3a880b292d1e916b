/**
 * The editor's Puck config: every block of `components/sites/blocks.tsx` with its fields, in
 * Spanish. The canvas renders the same components as the published page, with the same
 * cleaning of props (`cleanProps`), so a `javascript:` link never becomes clickable here either.
 */
import type { Config } from '@puckeditor/core';
import type { CSSProperties, ReactNode } from 'react';
import {
  Columns,
  Hero,
  ImageBlock,
  ProductGrid,
  Text,
  WhatsAppButton,
} from '@/components/sites/blocks';
import type { SiteRenderData } from '@/lib/sites/block-data';
import { ImageField } from '@/islands/sites/ImageField';
import { safePreviewHtml } from '@/lib/shop/rich-text.client';
import { cleanProps, PRODUCT_GRID_MAX, type BlockProps, type BlockType } from '@/lib/sites/blocks';
import type { SiteTheme } from '@/lib/sites/schemas';
import { themeVars } from '@/lib/sites/theme';

type Meta = { puck: { metadata: SiteRenderData } };

const imageField = (label: string) => ({
  type: 'custom' as const,
  label,
  render: ({
    value,
    onChange,
    readOnly,
  }: {
    value: number | null;
    onChange: (v: number | null) => void;
    readOnly?: boolean;
  }) => <ImageField label={label} value={value} onChange={onChange} readOnly={readOnly} />,
});

/** The block's props as the published page would get them. */
const clean = <T extends BlockType>(type: T, props: Record<string, unknown>) =>
  cleanProps(type, props) as unknown as BlockProps[T];

/** A richtext value in the canvas: Puck hands an element while editing, the stored HTML otherwise. */
function RichText({ text }: { text: unknown }) {
  if (typeof text === 'string') return <Text text={safePreviewHtml(text)} />;
  return (
    <section className="site-container site-section">
      <div className="site-prose">{text as ReactNode}</div>
    </section>
  );
}

/** `theme`'s custom properties wrap the canvas: it lives in an iframe, where the page's own do not reach. */
export function editorConfig(categories: { id: number; name: string }[], theme: SiteTheme): Config {
  const style = themeVars(theme) as CSSProperties;
  return {
    categories: {
      contenido: { title: 'Contenido', components: ['Hero', 'Text', 'Image', 'Columns'] },
      venta: { title: 'Venta', components: ['ProductGrid', 'WhatsAppButton'] },
    },
    root: {
      fields: { title: { type: 'text', label: 'Título de la página (menú y pestaña)' } },
      render: ({ children }: { children: ReactNode }) => (
        <div className="site-root" style={style}>
          {children}
        </div>
      ),
    },
    components: {
      Hero: {
        label: 'Portada',
        fields: {
          title: { type: 'text', label: 'Título' },
          subtitle: { type: 'textarea', label: 'Bajada' },
          image: imageField('Imagen'),
          cta_label: { type: 'text', label: 'Texto del botón' },
          cta_href: { type: 'text', label: 'Enlace del botón (por ejemplo /shop o https://…)' },
        },
        defaultProps: {
          title: 'Tu título',
          subtitle: 'Una frase que diga qué haces y para quién.',
          image: null,
          cta_label: 'Ver productos',
          cta_href: '/shop',
        },
        render: ({ puck, ...p }: Meta & Record<string, unknown>) => (
          <Hero {...clean('Hero', p)} data={puck.metadata} />
        ),
      },
      Text: {
        label: 'Texto',
        fields: {
          text: {
            type: 'richtext',
            label: 'Texto',
            // Only what the published page keeps (lib/shop/rich-text.ts): bold, italic, lists, links.
            options: {
              heading: false,
              blockquote: false,
              code: false,
              codeBlock: false,
              horizontalRule: false,
              strike: false,
              underline: false,
              textAlign: false,
            },
          },
        },
        defaultProps: { text: '<p>Escribe aquí lo que quieras contar.</p>' },
        render: ({ text }: { text: unknown }) => <RichText text={text} />,
      },
      Image: {
        label: 'Imagen',
        fields: {
          image: imageField('Imagen'),
          alt: { type: 'text', label: 'Descripción de la imagen (para quien no la ve)' },
        },
        defaultProps: { image: null, alt: '' },
        render: ({ puck, ...p }: Meta & Record<string, unknown>) => {
          const props = clean('Image', p);
          return props.image ? (
            <ImageBlock {...props} data={puck.metadata} />
          ) : (
            <p className="site-container site-section site-muted">
              Elige o sube una imagen en el panel de la derecha.
            </p>
          );
        },
      },
      ProductGrid: {
        label: 'Productos',
        fields: {
          title: { type: 'text', label: 'Título' },
          category: {
            type: 'select',
            label: 'Categoría',
            options: [
              { label: 'Todas', value: null },
              ...categories.map((c) => ({ label: c.name, value: c.id })),
            ],
          },
          limit: { type: 'number', label: 'Cuántos mostrar', min: 1, max: PRODUCT_GRID_MAX },
        },
        defaultProps: { title: 'Productos', category: null, limit: 6 },
        render: ({ puck, id, ...p }: Meta & { id: string } & Record<string, unknown>) => (
          <ProductGrid {...clean('ProductGrid', p)} id={id} data={puck.metadata} />
        ),
      },
      WhatsAppButton: {
        label: 'Botón de WhatsApp',
        fields: {
          phone: { type: 'text', label: 'Celular (vacío: el del sitio)' },
          message: { type: 'textarea', label: 'Mensaje que llega escrito' },
        },
        defaultProps: { phone: '', message: 'Hola, vi su sitio y quiero hacer un pedido.' },
        render: ({ puck, ...p }: Meta & Record<string, unknown>) => {
          const props = clean('WhatsAppButton', p);
          return puck.metadata.whatsapp(props.phone, props.message) ? (
            <WhatsAppButton {...props} data={puck.metadata} />
          ) : (
            <p className="site-container site-section site-muted">
              Agrega el WhatsApp del sitio (en Configurar) o escribe un celular para mostrar el
              botón.
            </p>
          );
        },
      },
      Columns: {
        label: 'Dos columnas',
        fields: {
          left: { type: 'slot', label: 'Izquierda' },
          right: { type: 'slot', label: 'Derecha' },
        },
        render: ({
          left: Left,
          right: Right,
        }: {
          left: () => ReactNode;
          right: () => ReactNode;
        }) => <Columns left={<Left />} right={<Right />} />,
      },
    },
  } as unknown as Config;
}
