/** A private file to download (a CSV, a JSON export): saved under `filename`, never cached. */
export function downloadResponse(
  body: string | ReadableStream<Uint8Array>,
  filename: string,
  type: 'text/csv' | 'application/json' = 'text/csv',
): Response {
  return new Response(body, {
    headers: {
      'Content-Type': `${type}; charset=utf-8`,
      'Content-Disposition': `attachment; filename="${filename}"`,
      'Cache-Control': 'no-store',
    },
  });
}
