/** The mail a person gets each time the back office moves their company, in Spanish. */
import { prose } from '@/lib/prose';
import { escapeHtml as escape } from '@/lib/html';
import { STATUS_INFO, type CompanyStatus } from '@/lib/formation/status';
import type { Mail } from '@/lib/server/mail/mailer';
import { mailButton, mailHeading, mailHtml, mailList } from '@/lib/server/mail/layout';

interface StatusMailInput {
  to: string;
  name: string;
  companyName: string;
  status: CompanyStatus;
  note: string;
  fields: string[];
  link: string;
  rut?: string | null;
}

/** What the person reads first, by status. */
const LEADS: Record<CompanyStatus, (c: string) => string> = {
  enviado: (c) => `Recibimos la solicitud de ${c}.`,
  'en-revision': (c) => `Estamos revisando los datos de ${c}.`,
  observado: (c) => `Necesitamos que corrijas algunos datos de ${c}.`,
  'en-notaria': (c) => `Los estatutos de ${c} están listos para firmar.`,
  constituida: (c) => `¡${c} está constituida!`,
  rechazada: (c) => `No podemos constituir ${c}.`,
};

const REPLY_WITH_FIXES = prose`Corrige esos datos en tu solicitud (el enlace de abajo) y la
  revisaremos de nuevo. Si tienes dudas, responde este correo.`;

export function companyStatusMail(input: StatusMailInput): Mail {
  const lead = LEADS[input.status](input.companyName);
  const lines = [
    `Hola, ${input.name}:`,
    '',
    lead,
    STATUS_INFO[input.status].description,
    ...(input.rut ? ['', `RUT de la empresa: ${input.rut}`] : []),
    ...(input.fields.length
      ? ['', 'Campos a corregir:', ...input.fields.map((f) => `- ${f}`)]
      : []),
    ...(input.note ? ['', `Nota de nuestro equipo: ${input.note}`] : []),
    ...(input.status === 'observado' ? ['', REPLY_WITH_FIXES] : []),
    '',
    `Revisa tu solicitud: ${input.link}`,
    '',
    'El equipo de Impulsa',
  ];
  const html = mailHtml(`${mailHeading('Impulsa', true)}
<p>Hola, ${escape(input.name)}:</p>
<p style="font-size:18px;font-weight:600">${escape(lead)}</p>
<p>${escape(STATUS_INFO[input.status].description)}</p>
${input.rut ? `<p>RUT de la empresa: <strong>${escape(input.rut)}</strong></p>` : ''}
${input.fields.length ? `<p>Campos a corregir:</p>${mailList(input.fields)}` : ''}
${input.note ? `<p style="border-left:3px solid #4f43e6;padding-left:12px">${escape(input.note)}</p>` : ''}
${input.status === 'observado' ? `<p>${escape(REPLY_WITH_FIXES)}</p>` : ''}
${mailButton('Ver mi solicitud', input.link)}`);
  return {
    to: input.to,
    subject: `${input.companyName}: ${STATUS_INFO[input.status].label.toLowerCase()}`,
    text: lines.join('\n'),
    html,
  };
}

interface CorrectedMailInput {
  to: string;
  person: string;
  companyName: string;
  fields: string[];
  link: string;
}

/** The mail the staff member who observed a company gets when the person corrects it. */
export function companyCorrectedMail(input: CorrectedMailInput): Mail {
  const lead = `${input.person} corrigió los datos de ${input.companyName}.`;
  const text = [
    lead,
    '',
    'Campos corregidos:',
    ...input.fields.map((f) => `- ${f}`),
    '',
    `La solicitud volvió a «En revisión»: ${input.link}`,
  ].join('\n');
  const html = mailHtml(`${mailHeading('Impulsa', true)}
<p style="font-size:18px;font-weight:600">${escape(lead)}</p>
<p>Campos corregidos:</p>${mailList(input.fields)}
${mailButton('Revisar la solicitud', input.link)}`);
  return { to: input.to, subject: `Corregida: ${input.companyName}`, text, html };
}
