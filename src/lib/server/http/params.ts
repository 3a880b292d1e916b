import { HttpError } from './errors.ts';

/** A positive integer id from a route parameter, or a 404 with `message`. */
export function idParam(value: string | undefined, message: string): number {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) throw new HttpError(404, message);
  return Number(value);
}
