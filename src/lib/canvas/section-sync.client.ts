/**
 * Saving a canvas block from the browser: every edit is first kept in localStorage (so an
 * edit made offline or during a server error survives a reload), then sent with the version
 * it started from. A 409 hands back the stored copy for the person to compare.
 */
import { api } from '@/lib/api';
import type { Note } from '@/lib/canvas/notes';
import type { SectionSlug } from '@/lib/canvas/sections';

export interface PendingSection {
  notes: Note[];
  /** The server version the edit started from. */
  version: number;
  editedAt: number;
}

const key = (canvasId: number, section: SectionSlug) => `impulsa:canvas:${canvasId}:${section}`;

export function readPending(canvasId: number, section: SectionSlug): PendingSection | null {
  try {
    const raw = localStorage.getItem(key(canvasId, section));
    return raw ? (JSON.parse(raw) as PendingSection) : null;
  } catch {
    return null;
  }
}

export function writePending(canvasId: number, section: SectionSlug, pending: PendingSection | null): void {
  if (pending) localStorage.setItem(key(canvasId, section), JSON.stringify(pending));
  else localStorage.removeItem(key(canvasId, section));
}

/** Blocks of this canvas with unsent edits. */
export function pendingSections(canvasId: number): SectionSlug[] {
  const prefix = `impulsa:canvas:${canvasId}:`;
  return Object.keys(localStorage)
    .filter((k) => k.startsWith(prefix))
    .map((k) => k.slice(prefix.length) as SectionSlug);
}

export type SaveResult = { ok: true; version: number } | { ok: false; conflict: { notes: Note[]; version: number } } | { ok: false; offline: true };

/** Sends a block; never throws. */
export async function sendSection(canvasId: number, section: SectionSlug, pending: PendingSection): Promise<SaveResult> {
  try {
    const saved = await api<{ version: number }>(`/api/canvases/${canvasId}/sections/${section}/`, { method: 'PUT', body: { notes: pending.notes, version: pending.version } });
    return { ok: true, version: saved.version };
  } catch (error) {
    const e = error as { status?: number; data?: { current?: { notes: Note[]; version: number } } };
    if (e.status === 409 && e.data?.current) return { ok: false, conflict: e.data.current };
    return { ok: false, offline: true };
  }
}
