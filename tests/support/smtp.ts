/** A real SMTP server (the `smtp-server` package) that writes each received mail to a folder. */
import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

export interface TestSmtp {
  url: string;
  dir: string;
  port: number;
  close(): Promise<void>;
}

/** Listens on `port` (default: any free one); a test that takes the server away restarts it on the same port. */
export async function startSmtp(dir: string, port = 0): Promise<TestSmtp> {
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const to = session.envelope.rcptTo.map((r) => r.address).join(',');
        // Written aside, then renamed: a test polling the folder never reads a mail half-written.
        const file = path.join(dir, `${Date.now()}-${++n}-${to}.eml`);
        fs.writeFileSync(`${file}.part`, Buffer.concat(chunks));
        fs.renameSync(`${file}.part`, file);
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const bound = (server.server.address() as { port: number }).port;
  return {
    url: `smtp://127.0.0.1:${bound}`,
    dir,
    close: () => new Promise((r) => server.close(() => r())),
    port: bound,
  };
}

/** The newest mail sent to `to`, as raw text (quoted-printable soft breaks undone), waiting up to `timeoutMs`. */
export async function waitForMail(dir: string, to: string, timeoutMs = 10_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs
          .readdirSync(dir)
          .filter((f) => f.endsWith(`-${to}.eml`))
          .sort()
      : [];
    if (files.length)
      return fs
        .readFileSync(path.join(dir, files.at(-1)!), 'utf8')
        .replace(/=\r?\n/g, '')
        .replace(/=3D/g, '=');
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to} within ${timeoutMs} ms`);
}

/** The password reset link in a mail. */
export function resetLinkIn(mail: string): string {
  const match = mail.match(/https?:\/\/[^\s"<>]+\/login\/reset-password\?token=[A-Za-z0-9_-]+/);
  if (!match) throw new Error(`no reset link in mail:\n${mail.slice(0, 2000)}`);
  return match[0];
}

/** The first mail to `to` whose decoded text contains `text` (mails may arrive in any order). */
export async function waitForMailWith(
  dir: string,
  to: string,
  text: string,
  decode: (mail: string) => string,
  timeoutMs = 10_000,
): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const files = fs.existsSync(dir)
      ? fs.readdirSync(dir).filter((f) => f.endsWith(`-${to}.eml`))
      : [];
    for (const file of files) {
      const mail = decode(fs.readFileSync(path.join(dir, file), 'utf8'));
      if (mail.includes(text)) return mail;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`no mail for ${to} with "${text}" within ${timeoutMs} ms`);
}

/** A mail's text with quoted-printable undone (soft line breaks and =XX bytes). */
export const decodedMail = (mail: string) =>
  Buffer.from(
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
    'latin1',
  ).toString('utf8');
