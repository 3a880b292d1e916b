/** Ids in URLs: positive integers the database can hold (PostgreSQL `integer`). */

/** Largest id the database stores. */
export const MAX_ID = 2_147_483_647;

/** The id in `value`, or null when it is not a positive integer within range. */
export function parseId(value: string | null | undefined): number | null {
  if (!value || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= MAX_ID ? id : null;
}
