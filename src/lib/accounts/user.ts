import { givenName } from '@/lib/person-name';
/** The user as the API shows it (docs/spec.md §3: id, email, full_name, is_transbank_referral). */
export interface PublicUser {
  id: number;
  email: string;
  full_name: string;
  is_transbank_referral: boolean;
}

/** First name for greetings ("Hola, Camila"). */
export function firstName(user: Pick<PublicUser, 'full_name' | 'email'>): string {
  return givenName(user.full_name) || user.email.split('@')[0] || '';
}

/** Words a Spanish surname may carry that are not its initial ("de la Fuente"). */
const PARTICLES = new Set(['de', 'del', 'la', 'las', 'los', 'y', 'e', 'da', 'van', 'von']);

/**
 * Two initials for the avatar: the first name's and the first surname's, as a Chilean name is
 * written (names, then father's and mother's surnames): "Valentina Muñoz Rojas" → VM,
 * "María José Soto Pérez" → MS. Three words are read as one name and two surnames.
 */
export function initials(user: Pick<PublicUser, 'full_name' | 'email'>): string {
  const words = user.full_name
    .trim()
    .split(/\s+/)
    .filter((w) => w && !PARTICLES.has(w.toLowerCase()));
  if (words.length === 0) return (user.email[0] ?? '').toUpperCase();
  const surname = words.length >= 4 ? words[words.length - 2] : words[1];
  return (words[0]![0]! + (surname?.[0] ?? '')).toUpperCase();
}

/** localStorage key of the persisted session (the auth store's, and the API client's local logout). */
export const AUTH_STORAGE_KEY = 'impulsa:auth';
