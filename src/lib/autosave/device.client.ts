/** Copies of unsaved edits kept on this device (localStorage), so a reload or a failed save loses nothing. */

export function loadLocal<T>(key: string): T | null {
  try {
    const raw = localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

export function saveLocal(key: string, value: unknown): void {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage full or blocked: the page still holds the edits */
  }
}

export function forgetLocal(key: string): void {
  try {
    localStorage.removeItem(key);
  } catch {
    /* blocked */
  }
}
