/**
 * Saving a canvas block from the browser: every edit is first kept on this device (so an
 * edit made offline or during a server error survives a reload), then sent by the shared
 * autosave with the version it started from. A 409 hands back the stored copy for the person
 * to compare.
 */
import { api } from '@/lib/api';
import { conflictBody, type ServerCopy } from '@/lib/autosave/autosave.client';
import { deviceCopies } from '@/lib/autosave/device.client';
import type { Note } from '@/lib/canvas/notes';
import type { SectionSlug } from '@/lib/canvas/sections';

export interface PendingSection {
  notes: Note[];
  /** The server version the edit started from. */
  version: number;
  editedAt: number;
}

/** The canvas blocks' device copies (localStorage `impulsa:canvas:{canvas}:{section}`). */
const sectionCopies = deviceCopies<PendingSection>('impulsa:canvas:');
const key = (canvasId: number, section: SectionSlug) => `${canvasId}:${section}`;

export function readPending(canvasId: number, section: SectionSlug): PendingSection | null {
  return sectionCopies.load(key(canvasId, section));
}

export function writePending(
  canvasId: number,
  section: SectionSlug,
  pending: PendingSection | null,
): void {
  if (pending) sectionCopies.save(key(canvasId, section), pending);
  else sectionCopies.forget(key(canvasId, section));
}

/** Blocks of this canvas with unsent edits. */
export function pendingSections(canvasId: number): SectionSlug[] {
  const prefix = `${canvasId}:`;
  return sectionCopies
    .keys()
    .filter((k) => k.startsWith(prefix))
    .map((k) => k.slice(prefix.length) as SectionSlug);
}

/** The notes as the server keeps them: trimmed, the empty ones left out. */
const cleanNotes = (notes: Note[]) =>
  notes.filter((n) => n.text.trim()).map((n) => ({ ...n, text: n.text.trim() }));

/**
 * Whether a device copy was already saved: a save sent as the page went away reached the server,
 * but its answer never reached the copy. The server's newer version holds exactly these notes.
 */
export function alreadySaved(
  pending: PendingSection,
  server: { notes: Note[]; version: number },
): boolean {
  return (
    server.version > pending.version &&
    JSON.stringify(cleanNotes(pending.notes)) === JSON.stringify(cleanNotes(server.notes))
  );
}

/**
 * Sends a block's notes as an edit of `version`; resolves with the new version, rejects with the
 * API error (409: `current`).
 */
export async function putSection(
  canvasId: number,
  section: SectionSlug,
  notes: Note[],
  version: number,
): Promise<number> {
  const body = { notes: cleanNotes(notes), version };
  return (
    await api<{ version: number }>(`/api/canvases/${canvasId}/sections/${section}/`, {
      method: 'PUT',
      body,
      // A save started as the page goes away (pagehide) outlives it; browsers cap such bodies at 64 KB.
      keepalive: JSON.stringify(body).length < 60_000,
    })
  ).version;
}

/**
 * Sends a block's unsent notes as the page goes away: a plain `fetch` with `keepalive`, started in
 * the `pagehide` handler itself (a request started after it returns may never leave). Its answer
 * is not awaited; the device copy stays until a later visit sees the server has these notes.
 */
export function sendPendingOnLeave(canvasId: number, section: SectionSlug): void {
  const pending = readPending(canvasId, section);
  if (!pending) return;
  const body = JSON.stringify({ notes: cleanNotes(pending.notes), version: pending.version });
  if (body.length >= 60_000) return;
  void fetch(`/api/canvases/${canvasId}/sections/${section}/`, {
    method: 'PUT',
    keepalive: true,
    credentials: 'same-origin',
    headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
    body,
  }).catch(() => {});
}

/** The stored block a 409 carries. */
export function sectionConflict(error: unknown): ServerCopy<Note[]> | null {
  const current = conflictBody(error) as { notes: Note[]; version: number } | null;
  return current ? { value: current.notes, version: current.version, editedAt: 0 } : null;
}

/** Sends the unsent edits of other blocks of this canvas (made offline earlier); never throws. */
export function sendOtherPending(canvasId: number, except: SectionSlug): void {
  for (const other of pendingSections(canvasId)) {
    const pending = other === except ? null : readPending(canvasId, other);
    if (pending)
      void putSection(canvasId, other, pending.notes, pending.version).then(
        () => writePending(canvasId, other, null),
        () => {},
      );
  }
}
