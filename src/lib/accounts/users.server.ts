/** Accounts: create, find, update, and the public shape the API shows. */
import { PLATFORM_LEGAL_VERSION } from '@/lib/legal/platform';
import { isUniqueViolation } from '@/lib/server/db/errors';
import { and, eq, sql } from 'drizzle-orm';
import type { PublicUser } from '@/lib/accounts/user';
import type { Db } from '@/lib/server/db/client';
import { userIdentities, users } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';
import { hashPassword, verifyPassword } from '@/lib/accounts/passwords.server';
import { credentialsChanged } from '@/lib/accounts/token-cache.server';

export type UserRow = typeof users.$inferSelect;

/** The user as the API shows it (docs/spec.md §3). */
export function toPublicUser(user: UserRow): PublicUser {
  return {
    id: user.id,
    email: user.email,
    full_name: user.fullName,
    is_transbank_referral: user.isTransbankReferral,
  };
}

export async function findUserByEmail(db: Db, email: string): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.email, email.toLowerCase())).limit(1);
  return user;
}

export async function findUserById(db: Db, id: number): Promise<UserRow | undefined> {
  const [user] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return user;
}

const EMAIL_TAKEN = 'Ya existe una cuenta con ese correo. Ingresa o recupera tu contraseña.';

/** Creates an account; a taken email is a 409. */
export async function createUser(
  db: Db,
  input: {
    email: string;
    fullName: string;
    password: string | null;
    /** The terms version the person accepts by registering (staff added by an operator: none). */
    acceptedTerms?: string;
  },
): Promise<UserRow> {
  const passwordHash = input.password === null ? null : await hashPassword(input.password);
  try {
    const [user] = await db
      .insert(users)
      .values({
        email: input.email.toLowerCase(),
        fullName: input.fullName,
        passwordHash,
        ...(input.acceptedTerms && {
          termsVersion: input.acceptedTerms,
          termsAcceptedAt: sql`now()`,
        }),
      })
      .returning();
    return user!;
  } catch (error) {
    if (isUniqueViolation(error))
      throw new HttpError(409, EMAIL_TAKEN, { errors: { email: [EMAIL_TAKEN] } });
    throw error;
  }
}

/** Checks credentials with the same work whether or not the email exists. */
export async function authenticateWithPassword(
  db: Db,
  email: string,
  password: string,
): Promise<UserRow | null> {
  const user = await findUserByEmail(db, email);
  const ok = await verifyPassword(user?.passwordHash, password);
  return ok && user ? user : null;
}

export async function updateProfile(db: Db, userId: number, fullName: string): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ fullName, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new HttpError(404, 'No encontramos tu cuenta.');
  // Signed-in requests read the user from the credential cache: refresh it everywhere.
  await credentialsChanged([userId]);
  return user;
}

export async function setPassword(db: Db, userId: number, password: string): Promise<void> {
  await db
    .update(users)
    .set({ passwordHash: await hashPassword(password), updatedAt: sql`now()` })
    .where(eq(users.id, userId));
  await credentialsChanged([userId]);
}

export async function markTransbankReferral(db: Db, userId: number): Promise<UserRow> {
  const [user] = await db
    .update(users)
    .set({ isTransbankReferral: true, updatedAt: sql`now()` })
    .where(eq(users.id, userId))
    .returning();
  if (!user) throw new HttpError(404, 'No encontramos tu cuenta.');
  await credentialsChanged([userId]);
  return user;
}

/**
 * The user behind an external identity: the one already linked, else the account with the
 * same verified email (linked now, not duplicated), else a new account.
 */
export async function userForIdentity(
  db: Db,
  identity: {
    provider: string;
    subject: string;
    email: string | undefined;
    emailVerified: boolean;
    name: string | undefined;
  },
): Promise<UserRow> {
  return db.transaction(async (tx) => {
    const [linked] = await tx
      .select({ user: users })
      .from(userIdentities)
      .innerJoin(users, eq(users.id, userIdentities.userId))
      .where(
        and(
          eq(userIdentities.provider, identity.provider),
          eq(userIdentities.subject, identity.subject),
        ),
      )
      .limit(1);
    if (linked) return linked.user;
    if (!identity.email || !identity.emailVerified) {
      throw new HttpError(
        400,
        'Tu cuenta de Google no tiene un correo verificado. Verifícalo en Google o crea una cuenta con tu correo.',
      );
    }
    const email = identity.email.toLowerCase();
    let [user] = await tx.select().from(users).where(eq(users.email, email)).limit(1);
    if (!user) {
      const fullName = (identity.name ?? '').trim() || email.split('@')[0]!;
      [user] = await tx
        .insert(users)
        // Signing up with Google is registering: the sign-up page shows the version accepted.
        .values({
          email,
          fullName: fullName.slice(0, 120),
          passwordHash: null,
          termsVersion: PLATFORM_LEGAL_VERSION,
          termsAcceptedAt: sql`now()`,
        })
        .returning();
    }
    await tx
      .insert(userIdentities)
      .values({ provider: identity.provider, subject: identity.subject, userId: user!.id })
      .onConflictDoNothing();
    return user!;
  });
}

/** Records that the user accepts the terms in force now; their cached credentials follow. */
export async function acceptTerms(db: Db, userId: number): Promise<void> {
  await db
    .update(users)
    .set({ termsVersion: PLATFORM_LEGAL_VERSION, termsAcceptedAt: sql`now()` })
    .where(eq(users.id, userId));
  // Signed-in requests read the version from the credential cache: refresh it everywhere.
  await credentialsChanged([userId]);
}
