/**
 * Secrets the app must keep but never show again (a seller's Webpay secret key), sealed with
 * AES-256-GCM under a key from the environment: `SECRETS_KEY`, 64 hexadecimal characters, the
 * same on every instance. On PGlite alone (one instance, one folder) a missing key is made once
 * in `$DATA_DIR/secrets.key`, readable by the server's user only. A sealed value carries its
 * format version, so the key or the cipher can change later.
 */
import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { databaseUrl, dataDir, secretsKey } from '@/lib/server/config';
import { HttpError } from '@/lib/server/http/errors';
import { prose } from '@/lib/prose';

const FORMAT = 'v1';
let key: Buffer | undefined;

/** The sealing key: `SECRETS_KEY`, or on PGlite a key kept beside the database. */
function sealingKey(): Buffer {
  if (key) return key;
  const given = secretsKey();
  if (given) {
    if (!/^[0-9a-f]{64}$/i.test(given))
      throw new Error('SECRETS_KEY must be 64 hexadecimal characters (32 bytes).');
    return (key = Buffer.from(given, 'hex'));
  }
  if (databaseUrl())
    throw new HttpError(
      503,
      prose`El servidor no tiene configurada la clave para guardar credenciales (SECRETS_KEY).
        Avísale a quien lo administra.`,
    );
  const file = path.join(dataDir(), 'secrets.key');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(dataDir(), { recursive: true });
    // `wx`: if another start wrote it first, read theirs.
    try {
      fs.writeFileSync(file, randomBytes(32).toString('hex'), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
  }
  return (key = Buffer.from(fs.readFileSync(file, 'utf8').trim(), 'hex'));
}

/** `plain`, sealed: only `openSecret` with the same key reads it back. */
export function sealSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', sealingKey(), iv);
  const sealed = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), sealed]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join(':');
}

/** What `sealSecret` sealed; throws when the value was altered or sealed under another key. */
export function openSecret(sealed: string): string {
  const [format, iv, tag, data] = sealed.split(':');
  if (format !== FORMAT || !iv || !tag || data === undefined)
    throw new Error('not a sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', sealingKey(), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([
    decipher.update(Buffer.from(data, 'base64url')),
    decipher.final(),
  ]).toString('utf8');
}

/**
 * A signature of `text` for `purpose` (22 characters, 128 bits): for links that act without a
 * sign-in, such as a mail's «no more publicity». Keyed by a key derived from the sealing key, so
 * the sealing key itself never signs.
 */
export function signText(purpose: string, text: string): string {
  const derived = createHmac('sha256', sealingKey()).update(`sign:${purpose}`).digest();
  return createHmac('sha256', derived).update(text).digest('base64url').slice(0, 22);
}

/** Forgets the key read (tests that change `SECRETS_KEY`). */
export function forgetSealingKey(): void {
  key = undefined;
}
