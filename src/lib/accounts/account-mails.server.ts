/** The mails about a person's account, in Spanish: each carries one single-use link. */
import { prose } from '@/lib/prose';
import type { Mail } from '@/lib/server/mail/mailer';
import { MAIL_NOTE, mailButton, mailHeading, mailHtml } from '@/lib/server/mail/layout';

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
  const html = mailHtml(`${mailHeading('Impulsa', true)}
<p>${escape(greeting)}</p>
<p>${escape(mail.why)} El enlace vale por una hora y se puede usar una sola vez.</p>
${mailButton(mail.button, mail.link)}
<p style="${MAIL_NOTE}">Si el botón no funciona, copia este enlace en tu navegador:<br>
<span style="word-break:break-all">${escape(mail.link)}</span></p>
<p style="${MAIL_NOTE}">${escape(mail.ifNotYou)}</p>`);
  return { to: mail.to, subject: mail.subject, text, html };
}

export function passwordResetMail(to: string, name: string, link: string): Mail {
  return linkMail({
    to,
    name,
    link,
    subject: 'Cambia tu contraseña de Impulsa',
    why: prose`Recibimos una solicitud para cambiar la contraseña de tu cuenta de Impulsa. Para
  elegir una nueva, usa el enlace de este correo.`,
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
    why: prose`Alguien está probando contraseñas en tu cuenta de Impulsa, así que por ahora solo se
  puede ingresar desde los dispositivos donde ya ingresaste. Si eras tú en un dispositivo nuevo,
  abre el enlace en ese mismo navegador y luego ingresa con tu contraseña.`,
    button: 'Ingresar desde este dispositivo',
    ifNotYou: prose`Si no fuiste tú, no hagas nada: nadie entra sin tu contraseña. Si tu contraseña es fácil
  de adivinar, cámbiala en tu perfil.`,
  });
}
