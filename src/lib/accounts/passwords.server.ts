/** Password hashing: argon2id with OWASP's parameters (19 MiB, 2 passes, 1 lane). */
import { hash, verify } from '@node-rs/argon2';

const ARGON2ID = 2; // Algorithm.Argon2id (a const enum, which erasable TypeScript cannot import)
const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

/** A PHC string for `password`. */
export function hashPassword(password: string): Promise<string> {
  return hash(password.normalize('NFC'), OPTIONS);
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks `password` against `stored`. With no stored hash (unknown email, Google-only
 * account) it still does the same work against a dummy hash, so timing tells nothing.
 */
export async function verifyPassword(
  stored: string | null | undefined,
  password: string,
): Promise<boolean> {
  const target = stored ?? (await (dummyHash ??= hashPassword('impulsa-dummy-password')));
  try {
    const ok = await verify(target, password.normalize('NFC'));
    return ok && Boolean(stored);
  } catch {
    return false;
  }
}
