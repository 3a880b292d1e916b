/** Secrets handed to people (session/API tokens, reset links): 256 random bits, stored as SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** A credential lives 30 days from its last use (the session cookie as long). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
