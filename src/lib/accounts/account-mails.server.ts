/** The mails about a person's account, in Spanish: each carries one single-use link. */
import type { Mail } from '@/lib/server/mail/mailer';

import { escapeHtml as escape } from '@/lib/html';

interface LinkMail {
  to: string;
  name: string;
  subject: string;
  /** What happened and what the link does (one paragraph). */
  why: string;
  button: string;
  link: string;
  /** What to do if it was not them. */
  ifNotYou: string;
}

function linkMail(mail: LinkMail): Mail {
  const greeting = mail.name ? `Hola, ${mail.name}:` : 'Hola:';
  const text = [
    greeting,
    '',
    mail.why,
    'Abre este enlace (vale por una hora y se puede usar una sola vez):',
    '',
    mail.link,
    '',
    mail.ifNotYou,
    '',
    'El equipo de Impulsa',
  ].join('\n');
  const html = `<!doctype html><html lang="es-CL"><body style="font-family:system-ui,-apple-system,Segoe UI,Roboto,sans-serif;color:#18181f;background:#f7f7f9;padding:24px">
<div style="max-width:520px;margin:0 auto;background:#fff;border-radius:16px;padding:32px;border:1px solid #eeeef2">
<p style="font-size:20px;font-weight:700;color:#4f43e6;margin:0 0 24px">Impulsa</p>
<p>${escape(greeting)}</p>
<p>${escape(mail.why)} El enlace vale por una hora y se puede usar una sola vez.</p>
<p style="margin:28px 0"><a href="${escape(mail.link)}" style="background:#4f43e6;color:#fff;padding:12px 20px;border-radius:10px;text-decoration:none;font-weight:600">${escape(mail.button)}</a></p>
<p style="font-size:14px;color:#54546a">Si el botón no funciona, copia este enlace en tu navegador:<br><span style="word-break:break-all">${escape(mail.link)}</span></p>
<p style="font-size:14px;color:#54546a">${escape(mail.ifNotYou)}</p>
</div></body></html>`;
  return { to: mail.to, subject: mail.subject, text, html };
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return linkMail({
    to,
    name,
    link,
    subject: 'Cambia tu contraseña de Impulsa',
    why: 'Recibimos una solicitud para cambiar la contraseña de tu cuenta de Impulsa. Para elegir una nueva, usa el enlace de este correo.',
    button: 'Elegir una nueva contraseña',
    ifNotYou: 'Si no fuiste tú, ignora este correo: tu contraseña sigue siendo la misma.',
  });
}

/** While someone tries passwords on the account, a new browser signs in through this link. */
export function deviceUnlockMail(to: string, name: string, link: string): Mail {
  return linkMail({
    to,
    name,
    link,
    subject: 'Ingresa a Impulsa desde un dispositivo nuevo',
    why: 'Alguien está probando contraseñas en tu cuenta de Impulsa, así que por ahora solo se puede ingresar desde los dispositivos donde ya ingresaste. Si eras tú en un dispositivo nuevo, abre el enlace en ese mismo navegador y luego ingresa con tu contraseña.',
    button: 'Ingresar desde este dispositivo',
    ifNotYou:
      'Si no fuiste tú, no hagas nada: nadie entra sin tu contraseña. Si tu contraseña es fácil de adivinar, cámbiala en tu perfil.',
  });
}
