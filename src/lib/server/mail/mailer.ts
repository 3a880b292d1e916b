/**
 * Sends mail: through real SMTP when `SMTP_URL` is set, otherwise written as `.eml` files
 * to `$DATA_DIR/outbox/` (and the link logged) so a developer can follow it. Nodemailer is
 * imported on the first mail, not with the accounts service that every request's middleware loads.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { dataDir, mailSettings } from '@/lib/server/config';
import { log } from '@/lib/server/log';

export interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where the recipient's answer goes (a shop's own address), instead of the no-reply sender. */
  replyTo?: string;
  /** The sender's display name (`Dulces Rosa vía Impulsa`); the address stays `MAIL_FROM`'s. */
  fromName?: string;
  /** Extra headers: a marketing mail's `List-Unsubscribe` (`marketing/opt-outs.server.ts`). */
  headers?: Record<string, string>;
  /** Files sent along (a boleta's PDF), in Base64 so the queued job's payload stays JSON. */
  attachments?: { filename: string; contentType: string; base64: string }[];
}

/** A mail as the queue delivers it: the same `Message-ID` on every try, so a repeat is recognisable. */
export interface OutgoingMail extends Mail {
  messageId?: string;
}

/** Bounds on one SMTP conversation: a server that hangs fails the try, and the queue tries again. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/** `MAIL_FROM` with another display name. */
function sender(
  from: string,
  name: string | undefined,
): string | { name: string; address: string } {
  if (!name) return from;
  return { name, address: /<([^>]+)>/.exec(from)?.[1] ?? from.trim() };
}

/**
 * Sends `mail`; resolves once the SMTP server accepted it (or the file is written). Only the
 * queue's mail job calls this (`server/mail/outbox.ts`): a request enqueues, it never sends.
 */
export async function sendMail(mail: OutgoingMail): Promise<void> {
  const { smtpUrl, from } = mailSettings();
  const message = {
    from: sender(from, mail.fromName),
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
    ...(mail.messageId ? { messageId: mail.messageId } : {}),
    ...(mail.headers ? { headers: mail.headers } : {}),
    ...(mail.attachments?.length
      ? {
          attachments: mail.attachments.map((a) => ({
            filename: a.filename,
            contentType: a.contentType,
            content: a.base64,
            encoding: 'base64',
          })),
        }
      : {}),
  };
  const { default: nodemailer } = await import('nodemailer');
  if (smtpUrl) {
    const transport = nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS });
    try {
      await transport.sendMail(message);
    } finally {
      transport.close();
    }
    log.info('mail sent', { subject: mail.subject });
    return;
  }
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'unix',
  });
  const info = await transport.sendMail(message);
  const outbox = path.join(dataDir(), 'outbox');
  await fs.mkdir(outbox, { recursive: true });
  const file = path.join(
    outbox,
    `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`,
  );
  await fs.writeFile(file, info.message as Buffer);
  const link = mail.text.match(/https?:\/\/\S+/)?.[0];
  log.info('mail written to outbox', { file, subject: mail.subject, link });
}
