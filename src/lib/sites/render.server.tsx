/**
 * Published pages to HTML, on the server, with Puck's own `Render` (the RSC entry, which carries
 * no editor code) prerendered by React into one string that the site route inserts with
 * `set:html`. `prerender` waits for everything Puck suspends on (a rich text field) and writes
 * only the finished HTML: no Suspense fallback, no inline `$RC` script, which Astro's streaming
 * React renderer would emit. The result has no `<script>`.
 */
import type { Config } from '@puckeditor/core';
import { Render } from '@puckeditor/core/rsc';
import { prerender } from 'react-dom/static';
import {
  Columns,
  Hero,
  ImageBlock,
  ProductGrid,
  Text,
  WhatsAppButton,
} from '@/components/sites/blocks';
import type { SiteRenderData } from '@/lib/sites/block-data';
import type { BlockProps } from '@/lib/sites/blocks';
import type { PageData } from '@/lib/sites/schemas';

type Meta = { puck: { metadata: SiteRenderData } };

/** The blocks as Puck renders them: render functions only, and the slots Puck must know about. */
export const renderConfig = {
  components: {
    Hero: {
      render: ({ puck, ...p }: BlockProps['Hero'] & Meta) => <Hero {...p} data={puck.metadata} />,
    },
    Text: { render: ({ text }: BlockProps['Text']) => <Text text={text} /> },
    Image: {
      render: ({ puck, ...p }: BlockProps['Image'] & Meta) => (
        <ImageBlock {...p} data={puck.metadata} />
      ),
    },
    ProductGrid: {
      render: ({ puck, id, ...p }: BlockProps['ProductGrid'] & Meta & { id: string }) => (
        <ProductGrid {...p} id={id} data={puck.metadata} />
      ),
    },
    WhatsAppButton: {
      render: ({ puck, ...p }: BlockProps['WhatsAppButton'] & Meta) => (
        <WhatsAppButton {...p} data={puck.metadata} />
      ),
    },
    Columns: {
      fields: { left: { type: 'slot' }, right: { type: 'slot' } },
      render: ({
        left: Left,
        right: Right,
      }: {
        left: () => React.ReactNode;
        right: () => React.ReactNode;
      }) => <Columns left={<Left />} right={<Right />} />,
    },
  },
} as unknown as Config;

/** The page's blocks as HTML (no document around them). */
export async function renderPageHtml(data: PageData, metadata: SiteRenderData): Promise<string> {
  const { prelude } = await prerender(
    <Render config={renderConfig} data={data as never} metadata={metadata} />,
  );
  return new Response(prelude).text();
}
