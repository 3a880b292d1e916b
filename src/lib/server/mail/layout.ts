/**
 * The one look of the app's mails: a white card on a grey page, the sender's name on top, a
 * button. Inline styles only: mail clients drop `<style>` and never run script. What goes inside
 * is already escaped HTML (`escapeHtml`).
 */
import { escapeHtml as escape } from '@/lib/html';

const BODY =
  'font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181f;background:#f7f7f9;padding:24px';
const CARD =
  'max-width:560px;margin:0 auto;background:#fff;border-radius:16px;padding:32px;border:1px solid #eeeef2';
const BUTTON =
  'background:#4f43e6;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600';
/** Small grey print: a note under the button, how to opt out. */
export const MAIL_NOTE = 'font-size:14px;color:#54546a';

/** The document around `inner`, the card's content. */
export function mailHtml(inner: string): string {
  return `<!doctype html><html lang="es-CL"><body style="${BODY}">
<div style="${CARD}">
${inner}
</div></body></html>`;
}

/** The sender's name at the top of the card (Impulsa's, or a shop's). */
export function mailHeading(name: string, brand = false): string {
  const color = brand ? 'color:#4f43e6;' : '';
  return `<p style="font-size:20px;font-weight:700;${color}margin:0 0 24px">${escape(name)}</p>`;
}

/** The mail's one call to action. */
export function mailButton(label: string, href: string): string {
  return `<p style="margin:28px 0"><a href="${escape(href)}" style="${BUTTON}">${escape(label)}</a></p>`;
}

/** A bulleted list of plain-text items, each escaped. */
export function mailList(items: readonly string[]): string {
  return `<ul>${items.map((item) => `<li>${escape(item)}</li>`).join('')}</ul>`;
}
