/**
 * How each block looks: plain React without hooks, so the same components render published pages
 * on the server (zero JavaScript) and the editor's canvas in the browser. What a block shows that
 * is not in its props (images, products, the site's WhatsApp) comes through `SiteRenderData`.
 */
import type { ReactNode } from 'react';
import type { BlockProps } from '@/lib/sites/blocks';
import type { BlockImage, SiteRenderData } from '@/lib/sites/block-data';
import { formatClp } from '@/lib/money';

function Picture({
  image,
  sizes,
  eager,
  className,
}: {
  image: BlockImage;
  sizes: string;
  eager?: boolean;
  className?: string;
}) {
  return (
    <img
      src={image.src}
      srcSet={image.srcset}
      sizes={sizes}
      width={image.width}
      height={image.height}
      alt={image.alt}
      loading={eager ? 'eager' : 'lazy'}
      decoding="async"
      className={className}
    />
  );
}

export function Hero({
  title,
  subtitle,
  image,
  cta_label,
  cta_href,
  data,
}: BlockProps['Hero'] & { data: SiteRenderData }) {
  const picture = image ? data.images[image] : undefined;
  return (
    <section className="site-hero">
      <div className="site-container site-hero-grid">
        <div>
          <h1 className="site-hero-title">{title}</h1>
          {subtitle && <p className="site-hero-subtitle">{subtitle}</p>}
          {cta_label && cta_href && (
            <a className="site-button" href={cta_href}>
              {cta_label}
            </a>
          )}
        </div>
        {picture && (
          <Picture
            image={picture}
            sizes="(min-width: 768px) 50vw, 100vw"
            eager
            className="site-hero-image"
          />
        )}
      </div>
    </section>
  );
}

export function Text({ text }: BlockProps['Text']) {
  // `text` was sanitised on save and again before this render (blocks.server.ts).
  return (
    <section className="site-container site-section">
      <div className="site-prose" dangerouslySetInnerHTML={{ __html: text }} />
    </section>
  );
}

export function ImageBlock({ image, alt, data }: BlockProps['Image'] & { data: SiteRenderData }) {
  const picture = image ? data.images[image] : undefined;
  if (!picture) return null;
  return (
    <figure className="site-container site-section">
      <Picture
        image={{ ...picture, alt: alt || picture.alt }}
        sizes="(min-width: 1024px) 960px, 100vw"
        className="site-image"
      />
    </figure>
  );
}

export function ProductGrid({
  id,
  title,
  data,
  more,
}: BlockProps['ProductGrid'] & {
  id: string;
  data: SiteRenderData;
  /** The link under the grid; by default the whole catalogue, null for none (the catalogue itself). */
  more?: { href: string; label: string } | null;
}) {
  const products = data.products[id] ?? [];
  const link =
    more === undefined ? { href: data.catalogueHref, label: 'Ver todo el catálogo' } : more;
  return (
    <section className="site-container site-section" aria-label={title || 'Productos'}>
      {title && <h2 className="site-heading">{title}</h2>}
      {products.length === 0 ? (
        <p className="site-muted">Pronto habrá productos aquí.</p>
      ) : (
        <ul className="site-grid">
          {products.map((p) => (
            <li key={p.href} className="site-card">
              <a href={p.href}>
                {p.image ? (
                  <Picture
                    image={p.image}
                    sizes="(min-width: 768px) 30vw, 50vw"
                    className="site-card-image"
                  />
                ) : (
                  <span className="site-card-image site-card-empty" aria-hidden="true" />
                )}
                <span className="site-card-name">{p.name}</span>
                <span className="site-card-price">
                  {formatClp(p.price)}
                  {p.compareAtPrice !== null && p.compareAtPrice > p.price && (
                    <del>
                      <span className="sr-only">Antes: </span>
                      {formatClp(p.compareAtPrice)}
                    </del>
                  )}
                </span>
                {p.soldOut && <span className="site-muted">Agotado</span>}
              </a>
            </li>
          ))}
        </ul>
      )}
      {link && (
        <p>
          <a className="site-link" href={link.href}>
            {link.label} <span aria-hidden="true">→</span>
          </a>
        </p>
      )}
    </section>
  );
}

export function WhatsAppButton({
  phone,
  message,
  data,
}: BlockProps['WhatsAppButton'] & { data: SiteRenderData }) {
  const href = data.whatsapp(phone, message);
  if (!href) return null;
  return (
    <section className="site-container site-section site-center">
      <a className="site-button site-button-whatsapp" href={href} rel="noopener" target="_blank">
        Escríbenos por WhatsApp
      </a>
    </section>
  );
}

export function Columns({ left, right }: { left: ReactNode; right: ReactNode }) {
  return (
    <div className="site-container site-columns">
      <div>{left}</div>
      <div>{right}</div>
    </div>
  );
}
