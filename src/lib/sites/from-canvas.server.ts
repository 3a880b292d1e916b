/**
 * "Crear mi sitio desde el canvas" (`POST /api/canvases/{id}/site/`, the canvas's summary page):
 * a new, unpublished site drafted from the canvas, and unpublished product drafts from its revenue
 * streams, all or nothing. Nothing is published, and nothing the seller has is changed: a product
 * whose name the catalogue already has is left out.
 */
import { eq } from 'drizzle-orm';
import { getCanvas } from '@/lib/canvas/canvases.server';
import { SECTION_ORDER } from '@/lib/canvas/sections';
import { siteFromCanvas } from '@/lib/sites/from-canvas';
import { SITE_NAME_MAX } from '@/lib/sites/schemas';
import { createSite, type SiteView } from '@/lib/sites/sites.server';
import type { ProductView } from '@/lib/shop/product-view.server';
import { createProduct } from '@/lib/shop/products.server';
import { productCreateSchema } from '@/lib/shop/schemas';
import type { Db } from '@/lib/server/db/client';
import { products } from '@/lib/server/db/schema';

export async function createSiteFromCanvas(
  db: Db,
  userId: number,
  canvasId: number,
  input: { name?: string; subdomain: string },
): Promise<{ site: SiteView; products: ProductView[] }> {
  const canvas = await getCanvas(db, userId, canvasId);
  const name = (input.name || canvas.title).slice(0, SITE_NAME_MAX);
  const text = Object.fromEntries(
    SECTION_ORDER.map((slug) => [slug, canvas.sections[slug].notes.map((n) => n.text)]),
  );
  const drafted = siteFromCanvas(text, name);
  // Every product is checked before anything is written, and all is written in one transaction:
  // a refused price leaves no site behind to make a retry's subdomain «taken».
  return db.transaction(async (tx) => {
    const have = new Set(
      (
        await tx.select({ name: products.name }).from(products).where(eq(products.userId, userId))
      ).map((p) => p.name.toLowerCase()),
    );
    const inputs = drafted.products
      .filter((p) => !have.has(p.name.toLowerCase()))
      .map((draft) => productCreateSchema.parse({ ...draft, published: false }));
    const site = await createSite(
      tx,
      userId,
      { name, subdomain: input.subdomain, template: 'en-blanco' },
      drafted.pages,
    );
    const made: ProductView[] = [];
    for (const product of inputs) made.push(await createProduct(tx, userId, product));
    return { site, products: made };
  });
}
