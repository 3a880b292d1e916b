/**
 * An app of a test's own, for what the shared servers cannot do (holds of seconds, a sweep every
 * second): its database on `engine`, a mail server, the fast queue. Everything is stopped after
 * `run`, whatever it throws.
 */
import path from 'node:path';
import type { ENGINES } from './postgres';
import { FAST_QUEUE, startServer, tempDir } from './server';
import { startSmtp } from './smtp';

export interface OwnApp {
  url: string;
  /** Where the app's mails land, one file each. */
  mailDir: string;
}

export async function withOwnApp<T>(
  engine: (typeof ENGINES)[number],
  env: Record<string, string>,
  run: (app: OwnApp) => Promise<T>,
): Promise<T> {
  const mailDir = path.join(tempDir('own-mail-'), 'inbox');
  const smtp = await startSmtp(mailDir);
  const db = await engine.database();
  try {
    const server = await startServer({
      ...db.env,
      ...FAST_QUEUE,
      DATA_DIR: tempDir(),
      SMTP_URL: smtp.url,
      ORDER_SWEEP_SECONDS: '1',
      ...env,
    });
    try {
      return await run({ url: server.url, mailDir });
    } finally {
      await server.stop();
    }
  } finally {
    await db.drop();
    await smtp.close();
  }
}
