import { parseId } from '@/lib/ids';
import { HttpError } from '@/lib/server/http/errors';

/** A positive integer id from a route parameter, or a 404 with `message`, as if it did not exist. */
export function idParam(value: string | undefined, message: string): number {
  const id = parseId(value);
  if (id === null) throw new HttpError(404, message);
  return id;
}
