/** Secrets handed to people (session/API tokens, reset links): 256 random bits, stored as SHA-256. */
import { hash, randomBytes } from 'node:crypto';

/** A credential lives 30 days from its last use (the session cookie as long). */
export const SESSION_TTL_MS = 30 * 24 * 60 * 60 * 1000;

/** A new secret, URL-safe. */
export function newSecret(): string {
  return randomBytes(32).toString('base64url');
}

/**
 * What the database keeps of a secret. Every signed-in request hashes its credential: the one-shot
 * `hash` makes no Hash object (5 % of a kept `GET /api/users/me/` went to building one).
 */
export function hashSecret(secret: string): string {
  return hash('sha256', secret, 'hex');
}
