/**
 * The chat's answer about the SII activities, read against the official list: codes that exist,
 * or words to search by (as the form's «Giro» step does), offered back as choices. Pure.
 */
import {
  isForCompanies,
  searchActivities,
  sentenceCase,
  type SearchIndex,
} from '@/lib/chile/activities';
import { prose } from '@/lib/prose';

export type ActivityAnswer =
  { codes: string[] } | { choices: { value: string; label: string }[] } | { error: string };

const MAX_CHOICES = 6;

/** What an answer means: its codes (all on the list), the activities its words find, or why not. */
export function readActivityAnswer(index: SearchIndex, answer: string): ActivityAnswer {
  const codes = [...new Set(answer.match(/\d+/g) ?? [])];
  const words = answer.replace(/[\d,;]+/g, ' ').trim();
  if (codes.length) {
    const known = new Set(index.activities.map((a) => a.code));
    // A code of the wrong length is the step's own rule to word (`validateStep`).
    const unknown = codes.filter((c) => /^\d{6}$/.test(c) && !known.has(c));
    if (unknown.length)
      return {
        error: prose`${unknown.length === 1 ? 'El código' : 'Los códigos'} ${unknown.join(', ')} no
          ${unknown.length === 1 ? 'está' : 'están'} en la lista de actividades del SII. Revisa los
          dígitos, o escribe con palabras qué hará tu empresa.`,
      };
    return { codes };
  }
  if (!words) return { error: 'Escribe al menos un código de actividad o qué hará tu empresa.' };
  const found = searchActivities(index, words, 40).filter(isForCompanies).slice(0, MAX_CHOICES);
  if (!found.length)
    return {
      error: prose`No encontramos actividades del SII con «${words}». Prueba con otras palabras,
        como «panadería» o «venta por internet».`,
    };
  return {
    choices: found.map((a) => ({
      value: a.code,
      label: `${a.code} · ${sentenceCase(a.description)}`,
    })),
  };
}
