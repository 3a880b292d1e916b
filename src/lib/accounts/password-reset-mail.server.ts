/** The password reset mail, in Spanish. */
import type { Mail } from '@/lib/server/mail/mailer';

import { escapeHtml as escape } from '@/lib/html';

export function passwordResetMail(to: string, name: string, link: string): Mail {
  const greeting = name ? `Hola, ${name}:` : 'Hola:';
  const text = [
    greeting,
    '',
    'Recibimos una solicitud para cambiar la contraseña de tu cuenta de Impulsa.',
    'Para elegir una nueva, abre este enlace (vale por una hora y se puede usar una sola vez):',
    '',
    link,
    '',
    'Si no fuiste tú, ignora este correo: tu contraseña sigue siendo la misma.',
    '',
    'El equipo de Impulsa',
  ].join('\n');
  const html = `<!doctype html><html lang="es-CL"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181f;background:#f7f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:16px;padding:32px;border:1px solid #eeeef2">
<p style="font-size:20px;font-weight:700;color:#4f43e6;margin:0 0 24px">Impulsa</p>
<p>${escape(greeting)}</p>
<p>Recibimos una solicitud para cambiar la contraseña de tu cuenta de Impulsa. Para elegir una nueva, usa este botón. El enlace vale por una hora y se puede usar una sola vez.</p>
<p style="margin:28px 0"><a href="${escape(link)}" style="background:#4f43e6;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">Elegir una nueva contraseña</a></p>
<p style="font-size:14px;color:#54546a">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escape(link)}</span></p>
<p style="font-size:14px;color:#54546a">Si no fuiste tú, ignora este correo: tu contraseña sigue siendo la misma.</p>
</div></body></html>`;
  return { to, subject: 'Cambia tu contraseña de Impulsa', text, html };
}
