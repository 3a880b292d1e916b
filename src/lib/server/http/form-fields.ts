/** A posted form's text fields as the schemas read them (pages' forms and actions alike). */
import { HttpError } from '@/lib/server/http/errors';
import { cleanJson } from '@/lib/server/http/json';

/**
 * `name[]` (a checkbox group) arrives as one field of its values joined by commas; any other
 * repeated name keeps its last value. A NUL is refused: no person types one, and PostgreSQL
 * cannot store it.
 */
export function formFields(data: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of data) {
    if (typeof value !== 'string') continue;
    if (key.endsWith('[]')) {
      const name = key.slice(0, -2);
      fields[name] = name in fields ? `${fields[name]},${value}` : value;
    } else fields[key] = value;
  }
  if (Object.entries(fields).some((pair) => pair.join('').includes('\u0000')))
    throw new HttpError(400, 'El formulario trae caracteres no válidos.');
  return cleanJson(fields) as Record<string, string>;
}
