/** Canvases: owner-only CRUD, per-section saves with version checks, duplication. */
import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import type { Note, Sections } from '@/lib/canvas/notes';
import { filledCount } from '@/lib/canvas/review';
import { SECTION_ORDER, type SectionSlug } from '@/lib/canvas/sections';
import type { ModuleProgress } from '@/lib/progress';
import type { Db } from '@/lib/server/db/client';
import { listPage, ownedOr404, type JsonPart } from '@/lib/server/db/queries';
import { saveVersioned } from '@/lib/server/db/versioned';
import { canvases, canvasSections } from '@/lib/server/db/schema';

const NOT_FOUND = 'No encontramos ese canvas.';
type CanvasRow = typeof canvases.$inferSelect;

function emptySections(): Sections {
  return Object.fromEntries(
    SECTION_ORDER.map((s) => [s, { notes: [], version: 0 }]),
  ) as unknown as Sections;
}

const ownedRow = (db: Db, userId: number, id: number): Promise<CanvasRow> =>
  ownedOr404(db, canvases, userId, id, NOT_FOUND);

async function sectionsOf(db: Db, canvasIds: number[]): Promise<Map<number, Sections>> {
  const out = new Map(canvasIds.map((id) => [id, emptySections()]));
  if (canvasIds.length === 0) return out;
  const rows = await db
    .select()
    .from(canvasSections)
    .where(inArray(canvasSections.canvasId, canvasIds));
  for (const r of rows) {
    const sections = out.get(r.canvasId);
    if (sections && r.section in sections)
      sections[r.section as SectionSlug] = { notes: r.notes as Note[], version: r.version };
  }
  return out;
}

function toCanvas(row: CanvasRow, sections: Sections) {
  return {
    id: row.id,
    title: row.title,
    description: row.description,
    filled: filledCount(sections),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    sections,
  };
}
export type CanvasView = ReturnType<typeof toCanvas>;

export async function createCanvas(
  db: Db,
  userId: number,
  input: { title: string; description: string },
): Promise<CanvasView> {
  const [row] = await db
    .insert(canvases)
    .values({ userId, title: input.title, description: input.description })
    .returning();
  return toCanvas(row!, emptySections());
}

export async function getCanvas(db: Db, userId: number, id: number): Promise<CanvasView> {
  const row = await ownedRow(db, userId, id);
  return toCanvas(row, (await sectionsOf(db, [id])).get(id)!);
}

export async function listCanvases(db: Db, userId: number, page: number, pageSize: number) {
  const { total, rows } = await listPage(
    db,
    canvases,
    eq(canvases.userId, userId),
    [desc(canvases.updatedAt), desc(canvases.id)],
    page,
    pageSize,
  );
  const sections = await sectionsOf(
    db,
    rows.map((r) => r.id),
  );
  return {
    total,
    results: rows.map((r) => {
      const { sections: s, ...rest } = toCanvas(r, sections.get(r.id)!);
      // Where "open" should land: the first empty block in the recommended order.
      return {
        ...rest,
        first_empty: SECTION_ORDER.find((slug) => s[slug].notes.length === 0) ?? null,
      };
    }),
  };
}

export async function renameCanvas(
  db: Db,
  userId: number,
  id: number,
  patch: { title?: string; description?: string },
): Promise<CanvasView> {
  await ownedRow(db, userId, id);
  await db
    .update(canvases)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(canvases.id, id));
  return getCanvas(db, userId, id);
}

export async function deleteCanvas(db: Db, userId: number, id: number): Promise<void> {
  await ownedRow(db, userId, id);
  await db.delete(canvases).where(eq(canvases.id, id));
}

export async function duplicateCanvas(db: Db, userId: number, id: number): Promise<CanvasView> {
  const source = await getCanvas(db, userId, id);
  const copyId = await db.transaction(async (tx) => {
    const [copy] = await tx
      .insert(canvases)
      .values({
        userId,
        title: `Copia de ${source.title}`.slice(0, 120),
        description: source.description,
      })
      .returning({ id: canvases.id });
    const rows = SECTION_ORDER.filter((s) => source.sections[s].notes.length).map((s) => ({
      canvasId: copy!.id,
      section: s,
      notes: source.sections[s].notes,
      version: 1,
    }));
    if (rows.length) await tx.insert(canvasSections).values(rows);
    return copy!.id;
  });
  return getCanvas(db, userId, copyId);
}

/**
 * Saves a block's notes if `version` is the stored one; otherwise 409 with the stored copy,
 * so the editor can show what changed instead of overwriting it.
 */
export async function saveSection(
  db: Db,
  userId: number,
  id: number,
  section: SectionSlug,
  input: { notes: Note[]; version: number },
) {
  await ownedRow(db, userId, id);
  const block = and(eq(canvasSections.canvasId, id), eq(canvasSections.section, section));
  const version = await saveVersioned(db, {
    base: input.version,
    lock: async (tx) => (await tx.select().from(canvasSections).where(block).for('update'))[0],
    versionOf: (row) => row.version,
    async write(tx, version, current) {
      if (current)
        await tx
          .update(canvasSections)
          .set({ notes: input.notes, version, updatedAt: sql`now()` })
          .where(block);
      else
        await tx
          .insert(canvasSections)
          .values({ canvasId: id, section, notes: input.notes, version });
      await tx
        .update(canvases)
        .set({ updatedAt: sql`now()` })
        .where(eq(canvases.id, id));
    },
    conflict: {
      message:
        'Este bloque cambió en otra pestaña o dispositivo. Revisa las diferencias antes de guardar.',
      // The stored copy, so the editor can show what changed.
      current: (row) => ({ notes: (row?.notes ?? []) as Note[], version: row?.version ?? 0 }),
    },
  });
  return { notes: input.notes, version };
}

/**
 * The canvas card's part of the dashboard's one statement: how many canvases, and how many have
 * all nine blocks with a note (the rule of `filledCount`, counted in SQL).
 */
export function canvasProgressPart(userId: number): JsonPart<ModuleProgress> {
  const filled = sql`(select count(*) from ${canvasSections} where ${canvasSections.canvasId} =
    ${canvases.id} and ${canvasSections.section} in ${SECTION_ORDER} and
    jsonb_array_length(${canvasSections.notes}) > 0)`;
  return {
    sql: sql`select json_build_object('canvases', count(*), 'complete', count(*) filter (where
      ${filled} = ${SECTION_ORDER.length})) from ${canvases} where ${canvases.userId} = ${userId}`,
    read: (facts: { canvases: number; complete: number }) => ({
      started: facts.canvases > 0,
      finished: facts.complete > 0,
    }),
  };
}
