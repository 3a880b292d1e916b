/** The product form as posted (before or without JavaScript): its text fields in the API's shape. */

/** Field values as the API takes them: images travel as comma-separated media ids in one field. */
export function productFromForm(fields: Record<string, string>): Record<string, unknown> {
  return {
    name: fields.name ?? '',
    description: fields.description ?? '',
    price: fields.price ?? '',
    compare_at_price: fields.compare_at_price ?? '',
    stock: fields.stock ?? '',
    category: fields.category ?? '',
    no_retracto: fields.no_retracto ?? '',
    brand: fields.brand ?? '',
    gtin: fields.gtin ?? '',
    weight_g: fields.weight_g ?? '',
    length_cm: fields.length_cm ?? '',
    width_cm: fields.width_cm ?? '',
    height_cm: fields.height_cm ?? '',
    // An unchecked checkbox sends nothing.
    published: fields.published === 'on',
    tax_exempt: fields.tax_exempt === 'on',
    images: (fields.images ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean)
      .map(Number),
  };
}
