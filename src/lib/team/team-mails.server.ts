/** The invitation mail (issue 67): who invites, to which shop, as what, and the single-use link. */
import { escapeHtml as escape } from '@/lib/html';
import type { Mail } from '@/lib/server/mail/mailer';
import { MAIL_NOTE, mailButton, mailHeading, mailHtml } from '@/lib/server/mail/layout';

export function invitationMail(input: {
  to: string;
  inviter: string;
  shop: string;
  role: string;
  link: string;
}): Mail {
  const why =
    `${input.inviter} te invita a trabajar en la tienda «${input.shop}» en Impulsa, ` +
    `con el rol «${input.role}».`;
  const how =
    'Para unirte, abre el enlace e ingresa o crea tu cuenta con este mismo correo. ' +
    'El enlace vale por 7 días y se usa una sola vez.';
  const ifNot = 'Si no esperabas esta invitación, ignora este correo: nadie tendrá acceso a nada.';
  const text = ['Hola:', '', why, how, '', input.link, '', ifNot, '', 'El equipo de Impulsa'].join(
    '\n',
  );
  const html = mailHtml(`${mailHeading('Impulsa', true)}
<p>Hola:</p>
<p>${escape(why)}</p>
<p>${escape(how)}</p>
${mailButton(`Unirme a ${input.shop}`, input.link)}
<p style="${MAIL_NOTE}">Si el botón no funciona, copia este enlace en tu navegador:<br>
<span style="word-break:break-all">${escape(input.link)}</span></p>
<p style="${MAIL_NOTE}">${escape(ifNot)}</p>`);
  return { to: input.to, subject: `Te invitan a la tienda ${input.shop} en Impulsa`, text, html };
}
