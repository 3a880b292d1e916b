/**
 * An element's classes from parts, leaving out the empty and false ones: islands write a long
 * Tailwind list as a few short parts and a conditional as `cond && 'class'` (Astro pages have
 * `class:list` for the same).
 */
export function classes(...parts: (string | false | null | undefined)[]): string {
  return parts.filter(Boolean).join(' ');
}
