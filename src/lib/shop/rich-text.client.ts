/**
 * The description as the editor's preview shows it: the same small set the server keeps (bold,
 * italic, lists, links to http(s), mailto and tel), rebuilt from an inert parse, so nothing the
 * editor or a paste let in can run in the seller's page. The server sanitises again on save.
 */
import { isSafeLink, RICH_TEXT_TAGS } from '@/lib/shop/rich-text';

const KEPT = new Set<string>(RICH_TEXT_TAGS.map((t) => t.toUpperCase()));

export function safePreviewHtml(html: string): string {
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body;
  const out = document.createElement('div');
  const copy = (from: Node, to: Node) => {
    for (const node of Array.from(from.childNodes)) {
      if (node.nodeType === Node.TEXT_NODE)
        to.appendChild(document.createTextNode(node.textContent ?? ''));
      else if (node instanceof Element && KEPT.has(node.tagName)) {
        const element = document.createElement(node.tagName.toLowerCase());
        const href = node.getAttribute('href')?.trim();
        if (node.tagName === 'A' && href && isSafeLink(href)) element.setAttribute('href', href);
        copy(node, element);
        to.appendChild(element);
      } else if (
        node instanceof Element &&
        !['SCRIPT', 'STYLE', 'TEMPLATE', 'IFRAME', 'OBJECT'].includes(node.tagName)
      )
        copy(node, to);
    }
  };
  copy(source, out);
  return out.innerHTML;
}
