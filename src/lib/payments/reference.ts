/** A provider's reference as a form posts it: short printable ASCII, or nothing. */
export function referenceOf(form: URLSearchParams, field: string): string | null {
  const value = form.get(field);
  // Anything else (a NUL, which PostgreSQL refuses) names no payment: a 4xx, never a 500.
  return value && /^[\x21-\x7e]{1,100}$/.test(value) ? value : null;
}
