/**
 * What the local providers (Webpay, Flow, Mercado Pago) share: their server on 127.0.0.1, a
 * request's body, a JSON answer, and a plain payment page for the browser.
 */
import type http from 'node:http';
import type { AddressInfo } from 'node:net';

/** Listens on 127.0.0.1: the base URL, the port, and a close that drops every connection. */
export async function listenLocal(
  server: http.Server,
  port = 0,
): Promise<{ url: string; port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${bound}`,
    port: bound,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The request's body as bytes (a multipart upload). */
export async function readRaw(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

export async function readBody(req: http.IncomingMessage): Promise<string> {
  return (await readRaw(req)).toString('utf8');
}

export function sendJson(res: http.ServerResponse, status: number, data: unknown): void {
  res.writeHead(status, { 'Content-Type': 'application/json' });
  res.end(JSON.stringify(data));
}

/** A provider's page for the buyer: `inner` in a narrow column. */
export function sendPage(res: http.ServerResponse, title: string, inner: string): void {
  const head =
    '<meta charset="utf-8"><meta name="viewport" content="width=device-width">' +
    `<title>${escapeHtml(title)}</title>`;
  const body = 'font-family:sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem';
  res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' });
  res.end(
    `<!doctype html><html lang="es"><head>${head}</head><body style="${body}">${inner}</body></html>`,
  );
}

/** A form of hidden fields and one button, as a provider's payment page posts them. */
export function postForm(action: string, fields: Record<string, string>, label: string): string {
  const inputs = Object.entries(fields)
    .map(([k, v]) => `<input type="hidden" name="${k}" value="${escapeHtml(v)}">`)
    .join('');
  return `<form method="post" action="${escapeHtml(action)}">${inputs}<button>${label}</button></form>`;
}

/** The page that posts the buyer back to the commerce by itself, as the providers do. */
export function sendPostBack(
  res: http.ServerResponse,
  action: string,
  fields: Record<string, string>,
): void {
  sendPage(
    res,
    'Volviendo al comercio',
    postForm(action, fields, 'Volver al comercio') + '<script>document.forms[0].submit()</script>',
  );
}
