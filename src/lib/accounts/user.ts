/** The user as the API shows it (docs/spec.md §3: id, email, full_name, is_transbank_referral). */
export interface PublicUser {
  id: number;
  email: string;
  full_name: string;
  is_transbank_referral: boolean;
}

/** First name for greetings ("Hola, Camila"). */
export function firstName(user: Pick<PublicUser, 'full_name' | 'email'>): string {
  return user.full_name.trim().split(/\s+/)[0] || user.email.split('@')[0] || '';
}

/** Up to two initials for the avatar. */
export function initials(user: Pick<PublicUser, 'full_name' | 'email'>): string {
  const parts = user.full_name.trim().split(/\s+/).filter(Boolean);
  const letters = parts.length
    ? [parts[0], parts[parts.length - 1]].map((p) => p![0])
    : [user.email[0]];
  return Array.from(new Set(letters)).join('').toUpperCase().slice(0, 2);
}
