/**
 * A PDF as a response: shown in the browser (or saved, `attachment`: a file to print, such as a
 * day's labels), never kept by a shared cache.
 */
export function pdfResponse(
  { bytes, filename }: { bytes: Uint8Array; filename: string },
  { immutable = false, attachment = false } = {},
): Response {
  return new Response(new Uint8Array(bytes), {
    headers: {
      'Content-Type': 'application/pdf',
      'Content-Disposition': `${attachment ? 'attachment' : 'inline'}; filename="${filename}"`,
      // An emitted tax document never changes: the browser may keep it; a proxy may not.
      'Cache-Control': immutable ? 'private, max-age=31536000, immutable' : 'private, no-store',
    },
  });
}
