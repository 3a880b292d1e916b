/**
 * A page of its own, outside the app's layout: a site's not-found or outage, a payment return we
 * cannot place. No chrome, no script, `noindex`. The paragraphs are HTML their caller escaped.
 */
import { escapeHtml } from '@/lib/html';

const STYLE = [
  'body{margin:0;min-height:100vh;display:grid;place-items:center;font-family:system-ui,sans-serif;',
  'color:#1f2430;background:#f7f7fb}main{max-width:32rem;padding:2rem;text-align:center}',
  'h1{font-size:1.75rem;margin:0 0 .75rem}p{line-height:1.5;color:#4a5160;overflow-wrap:anywhere}',
].join('');

const HEAD =
  '<meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">' +
  `<meta name="robots" content="noindex"><style>${STYLE}</style>`;

export function plainPage(title: string, paragraphs: readonly string[]): string {
  const text = paragraphs.map((p) => `<p>${p}</p>`).join('');
  const name = escapeHtml(title);
  return (
    `<!doctype html><html lang="es-CL"><head>${HEAD}<title>${name}</title></head>` +
    `<body><main><h1>${name}</h1>${text}</main></body></html>`
  );
}
