/** Every URL of the lessons feature, built in one place. */

export const LESSONS_PATH = '/videos';

export function lessonPath(slug: string): string {
  return `${LESSONS_PATH}/${slug}`;
}

/** Where the player saves the position (PUT, or POST from `sendBeacon`). */
export function lessonProgressPath(id: number): string {
  return `/api/users/me/progress/lessons/${id}/`;
}
