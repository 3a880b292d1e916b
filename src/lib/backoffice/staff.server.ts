/**
 * Who is staff. The role is granted on the server (`npm run staff:add EMAIL`), never through the
 * API; for everyone else the back office does not exist (404, as any unknown page).
 */
import { eq } from 'drizzle-orm';
import type { Db } from '@/lib/server/db/client';
import { createUser, findUserByEmail } from '@/lib/accounts/users.server';
import { staffMembers } from '@/lib/server/db/schema';
import { HttpError } from '@/lib/server/http/errors';

export const BACKOFFICE_NOT_FOUND = 'No encontramos esa página.';

export async function isStaff(db: Db, userId: number | undefined): Promise<boolean> {
  if (userId === undefined) return false;
  const [row] = await db
    .select({ userId: staffMembers.userId })
    .from(staffMembers)
    .where(eq(staffMembers.userId, userId));
  return row !== undefined;
}

/** The staff member's id; a 404 for anyone else (signed out included). */
export async function requireStaff(
  db: Db,
  user: { id: number } | null | undefined,
): Promise<number> {
  if (!user || !(await isStaff(db, user.id))) throw new HttpError(404, BACKOFFICE_NOT_FOUND);
  return user.id;
}

/**
 * Makes the account with `email` staff. Without such an account: `missing`, or, given `create`
 * (a name and a password), the account is made first.
 */
export async function addStaff(
  db: Db,
  email: string,
  create?: { fullName: string; password: string },
): Promise<'added' | 'created' | 'missing'> {
  const found = await findUserByEmail(db, email.trim());
  if (!found && !create) return 'missing';
  const user =
    found ??
    (await createUser(db, {
      email: email.trim(),
      fullName: create!.fullName,
      password: create!.password,
    }));
  await db.insert(staffMembers).values({ userId: user.id }).onConflictDoNothing();
  return found ? 'added' : 'created';
}
