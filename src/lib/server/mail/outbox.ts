/**
 * Mail through the durable queue: a feature enqueues a rendered mail in the transaction of the
 * change it tells about, and the queue's `mail` job delivers it, retrying until the server takes
 * it. Each mail keeps one `Message-ID` across tries, so a repeat after a crash is recognisable.
 */
import { mailSettings } from '@/lib/server/config';
import type { Db } from '@/lib/server/db/handle';
import { enqueue, enqueueOnce, type ClaimedJob, type NewJob } from '@/lib/server/queue/queue';
import { sendMail, type Mail } from '@/lib/server/mail/mailer';

export const MAIL_JOB = 'mail';

/** The job that sends `mail` (about `ref`; once per `key`). */
export function mailJob(mail: Mail, options: { ref?: string; key?: string } = {}): NewJob {
  return { kind: MAIL_JOB, payload: { ...mail }, ...options };
}

/** Enqueues `mail` in `db`'s transaction. */
export function enqueueMail(
  db: Db,
  mail: Mail,
  options: { ref?: string; key?: string } = {},
): Promise<void> {
  return enqueue(db, mailJob(mail, options));
}

/** Enqueues `mail` unless a mail with this `key` ever was: true when this one will be sent. */
export function enqueueMailOnce(
  db: Db,
  mail: Mail,
  options: { ref?: string; key: string },
): Promise<boolean> {
  return enqueueOnce(db, { ...mailJob(mail, options), key: options.key });
}

/** The stable `Message-ID` of the mail job `id`: the domain of `MAIL_FROM`. */
export function messageIdOf(job: Pick<ClaimedJob, 'id' | 'createdAt'>): string {
  const from = mailSettings().from;
  const domain = /@([^>\s]+)/.exec(from)?.[1] ?? 'impulsa.cl';
  return `<mail-${job.id}-${job.createdAt.getTime()}@${domain}>`;
}

/** The `mail` job: sends it; what stays in the table after is who it went to and its subject. */
export async function deliverMail(job: ClaimedJob): Promise<Record<string, unknown>> {
  const mail = job.payload as unknown as Mail;
  await sendMail({ ...mail, messageId: messageIdOf(job) });
  return { to: mail.to, subject: mail.subject };
}
