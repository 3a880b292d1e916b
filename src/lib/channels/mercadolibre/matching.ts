/**
 * Which Impulsa product a Mercado Libre listing is (issue 66): proposed, never linked without the
 * seller. A variation matches a variant by its SKU, then by its option values («M», «Rojo / M»);
 * a listing without variations matches a product without options by its GTIN, then by its name.
 * Names compare without accents, case or spacing. Pure.
 */

export interface Listing {
  itemId: string;
  /** '' for a listing without variations. */
  variationId: string;
  title: string;
  /** The variation's values joined as Impulsa names a variant: «M», «Rojo / M». */
  variationName: string;
  sku: string | null;
  gtin: string | null;
  quantity: number;
}

export interface Candidate {
  product: number;
  productName: string;
  gtin: string | null;
  /** Without options: no variants. */
  variants: { id: number; name: string; sku: string | null }[];
}

export interface Proposal {
  product: number;
  variant: number | null;
  by: 'sku' | 'gtin' | 'nombre';
}

const key = (text: string) =>
  text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

export function propose(listing: Listing, candidates: readonly Candidate[]): Proposal | null {
  if (listing.variationId) {
    const withVariants = candidates.filter((c) => c.variants.length);
    if (listing.sku)
      for (const c of withVariants) {
        const v = c.variants.find((x) => x.sku && key(x.sku) === key(listing.sku!));
        if (v) return { product: c.product, variant: v.id, by: 'sku' };
      }
    // The same product by name, then the variant by its values.
    for (const c of withVariants.filter((x) => key(x.productName) === key(listing.title))) {
      const v = c.variants.find((x) => key(x.name) === key(listing.variationName));
      if (v) return { product: c.product, variant: v.id, by: 'nombre' };
    }
    return null;
  }
  const plain = candidates.filter((c) => !c.variants.length);
  if (listing.gtin) {
    const c = plain.find((x) => x.gtin && x.gtin === listing.gtin);
    if (c) return { product: c.product, variant: null, by: 'gtin' };
  }
  const named = plain.find((x) => key(x.productName) === key(listing.title));
  return named ? { product: named.product, variant: null, by: 'nombre' } : null;
}
