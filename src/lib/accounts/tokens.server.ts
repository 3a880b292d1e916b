/** Secrets handed to people (session/API tokens, reset links): 256 random bits, stored as SHA-256. */
import { createHash, randomBytes } from 'node:crypto';

/** A new secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/** What the database keeps of a secret. */
export function hashSecret(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}
