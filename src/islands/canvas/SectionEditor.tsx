import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import {
  diffNotes,
  NOTE_MAX_CHARS,
  NOTES_PER_SECTION,
  newNoteId,
  type Note,
  type NoteColor,
} from '@/lib/canvas/notes';
import { createAutosave, type Autosave } from '@/lib/autosave/autosave.client';
import type { SaveState } from '@/lib/autosave/states';
import {
  alreadySaved,
  putSection,
  readPending,
  sectionConflict,
  sendOtherPending,
  sendPendingOnLeave,
  writePending,
} from '@/lib/canvas/section-sync.client';
import { SECTION_GUIDES, sectionPath, type SectionSlug } from '@/lib/canvas/sections';
import '@/lib/accounts/auth.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { SaveBadge } from '@/islands/ui/SaveBadge';
import { typedBeforeHydration } from '@/islands/ui/fields';
import { NoteCard } from '@/islands/canvas/NoteCard';

interface Props {
  canvasId: number;
  section: SectionSlug;
  initialNotes: Note[];
  initialVersion: number;
  segments: Note[];
  previous: SectionSlug | null;
  next: SectionSlug | null;
}

/** A canvas block's notes: add, edit, delete, reorder, colour, link to segments; autosaved. */
function SectionEditor({
  canvasId,
  section,
  initialNotes,
  initialVersion,
  segments: serverSegments,
  previous,
  next,
}: Props) {
  const [notes, setNotes] = useState<Note[]>(initialNotes);
  const [status, setStatus] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<{ notes: Note[]; version: number } | null>(null);
  // A note typed before hydration is adopted.
  const [text, setText] = useState(() => typedBeforeHydration('new-note', 'text'));
  const [color, setColor] = useState<NoteColor>('amarillo');
  const version = useRef(initialVersion);
  /** The block as the server rendered it, to tell an edit already saved from one still to send. */
  const served = useRef({ notes: initialNotes, version: initialVersion });
  const latest = useRef(notes);
  const editedAt = useRef(0);
  const autosave = useRef<Autosave>(null);
  const isSegments = section === 'segmento-de-clientes';
  const segments = isSegments ? notes : serverSegments;
  const guide = SECTION_GUIDES[section];

  useEffect(() => {
    const saver = createAutosave<Note[]>({
      read: () => ({
        value: latest.current,
        version: version.current,
        editedAt: editedAt.current,
        dirty: readPending(canvasId, section) !== null,
      }),
      write: (next) => {
        latest.current = next.value;
        version.current = next.version ?? 0;
        editedAt.current = next.editedAt;
        setNotes(next.value);
        writePending(
          canvasId,
          section,
          next.dirty
            ? { notes: next.value, version: version.current, editedAt: next.editedAt }
            : null,
        );
      },
      send: (value, base) => putSection(canvasId, section, value, base ?? 0),
      conflictOf: sectionConflict,
      valid: (value) => value.every((n) => n.text.length <= NOTE_MAX_CHARS),
      onState: (state, detail) => {
        setStatus(state);
        if (detail?.conflict)
          setConflict({ notes: detail.conflict.value, version: detail.conflict.version });
      },
    });
    autosave.current = saver;
    // An edit kept on this device from an earlier visit goes first; a 409 shows what changed.
    // One already on the server (saved as the page went away, its answer lost) is just forgotten.
    let pending = readPending(canvasId, section);
    if (pending && alreadySaved(pending, served.current)) {
      writePending(canvasId, section, null);
      pending = null;
    }
    if (pending) {
      latest.current = pending.notes;
      version.current = pending.version;
      editedAt.current = pending.editedAt;
      setNotes(pending.notes);
      void saver.flush();
    }
    sendOtherPending(canvasId, section);
    // Leaving with a note typed a moment ago: a link waits for the save (up to 2 s), and a page
    // going away (back button, closed tab, another app) sends it with `keepalive`.
    let sentOnLeave = false;
    const leaving = () => {
      if (!readPending(canvasId, section)) return;
      saver.stop(); // its own request would carry the same version
      sendPendingOnLeave(canvasId, section);
      sentOnLeave = true;
    };
    // Back from the browser's cache after that: the page starts anew from the server's copy.
    const shown = (event: PageTransitionEvent) => {
      if (event.persisted && sentOnLeave) window.location.reload();
    };
    const hidden = () => {
      if (document.visibilityState === 'hidden' && readPending(canvasId, section))
        void saver.flush();
    };
    const link = (event: MouseEvent) => {
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (
        !(anchor instanceof HTMLAnchorElement) ||
        anchor.origin !== window.location.origin ||
        anchor.target ||
        event.defaultPrevented ||
        event.button !== 0 ||
        event.metaKey ||
        event.ctrlKey ||
        event.shiftKey ||
        !readPending(canvasId, section)
      )
        return;
      event.preventDefault();
      void Promise.race([saver.flush(), new Promise((r) => setTimeout(r, 2000))]).then(() =>
        window.location.assign(anchor.href),
      );
    };
    window.addEventListener('pagehide', leaving);
    window.addEventListener('pageshow', shown);
    document.addEventListener('visibilitychange', hidden);
    document.addEventListener('click', link);
    return () => {
      saver.stop();
      window.removeEventListener('pagehide', leaving);
      window.removeEventListener('pageshow', shown);
      document.removeEventListener('visibilitychange', hidden);
      document.removeEventListener('click', link);
    };
  }, [canvasId, section]);

  function edit(nextNotes: Note[]) {
    latest.current = nextNotes;
    editedAt.current = Date.now();
    setNotes(nextNotes);
    writePending(canvasId, section, {
      notes: nextNotes,
      version: version.current,
      editedAt: editedAt.current,
    });
    autosave.current?.edited();
  }

  /** The note typed in the box becomes the block's last; false when there is none to add. */
  function addTyped(): boolean {
    if (!text.trim() || notes.length >= NOTES_PER_SECTION) return false;
    edit([
      ...notes,
      { id: newNoteId(), text: text.trim().slice(0, NOTE_MAX_CHARS), color, segmentIds: [] },
    ]);
    setText('');
    return true;
  }

  function add(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    addTyped();
  }

  function move(i: number, delta: -1 | 1) {
    const copy = notes.slice();
    const [item] = copy.splice(i, 1);
    copy.splice(i + delta, 0, item!);
    edit(copy);
  }

  function resolve(keepMine: boolean) {
    setConflict(null);
    void autosave.current?.resolve(keepMine ? 'mine' : 'theirs');
  }

  async function go(target: string) {
    // A note typed but not added is the person's too: it is kept, not dropped on the way out.
    addTyped();
    if (readPending(canvasId, section) && !conflict && autosave.current)
      await Promise.race([autosave.current.flush(), new Promise((r) => setTimeout(r, 2000))]);
    window.location.assign(target);
  }

  const diff = conflict ? diffNotes(notes, conflict.notes) : null;

  return (
    <div>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold sm:text-3xl">{guide.title}</h1>
        <SaveBadge
          state={status}
          text={
            status === 'invalid' ? 'Hay una nota demasiado larga: acórtala para guardar' : undefined
          }
        />
      </div>
      <p className="mt-2 text-ink-600">{guide.meaning}</p>

      {conflict && diff && (
        <div
          role="alertdialog"
          aria-labelledby="conflict-title"
          className="mt-6 rounded-(--radius-card) border border-warning-600 bg-warning-50 p-5"
        >
          <h2 id="conflict-title" className="font-semibold text-ink-900">
            Este bloque cambió en otra pestaña o dispositivo
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Tus cambios no se han guardado todavía. Esto es lo que tiene la versión guardada
            respecto de la tuya:
          </p>
          <ul className="mt-3 space-y-1 text-sm">
            {diff.added.map((n) => (
              <li key={`a-${n.id}`}>
                <strong>+ Agregada allá:</strong> {n.text}
              </li>
            ))}
            {diff.removed.map((n) => (
              <li key={`r-${n.id}`}>
                <strong>− No está allá:</strong> {n.text}
              </li>
            ))}
            {diff.changed.map((c) => (
              <li key={`c-${c.mine.id}`}>
                <strong>≠ Cambiada allá:</strong> «{c.theirs.text}» (aquí: «{c.mine.text}»)
              </li>
            ))}
            {diff.added.length + diff.removed.length + diff.changed.length === 0 && (
              <li>El contenido es igual; solo cambió la versión.</li>
            )}
          </ul>
          <div className="mt-4 flex flex-col gap-2 sm:flex-row">
            <button type="button" className="btn-primary" onClick={() => resolve(true)}>
              Conservar mis cambios
            </button>
            <button type="button" className="btn-secondary" onClick={() => resolve(false)}>
              Usar la versión guardada
            </button>
          </div>
        </div>
      )}

      <form name="new-note" onSubmit={add} className="card mt-6 p-4">
        <label htmlFor="new-note" className="field-label">
          Nueva nota
        </label>
        <textarea
          id="new-note"
          name="text"
          className="field-input min-h-20 py-2"
          placeholder={guide.placeholder}
          value={text}
          maxLength={NOTE_MAX_CHARS}
          onChange={(e) => setText(e.target.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && (e.metaKey || e.ctrlKey))
              e.currentTarget.form?.requestSubmit();
          }}
        />
        <div className="mt-3 flex flex-wrap items-center justify-between gap-3">
          <label className="flex items-center gap-2 text-sm text-ink-700">
            Color
            <select
              className="field-input min-h-9 w-auto py-1"
              value={color}
              onChange={(e) => setColor(e.target.value as NoteColor)}
            >
              <option value="amarillo">Amarillo</option>
              <option value="rosado">Rosado</option>
              <option value="celeste">Celeste</option>
              <option value="verde">Verde</option>
              <option value="lila">Lila</option>
              <option value="naranjo">Naranjo</option>
            </select>
          </label>
          <button
            type="submit"
            className="btn-primary"
            disabled={!text.trim() || notes.length >= NOTES_PER_SECTION}
          >
            Agregar nota
          </button>
        </div>
        {!isSegments && segments.length > 0 && (
          <p className="field-hint">
            Después de agregarla, marca para qué segmento es: tomará su color.
          </p>
        )}
        {!isSegments && segments.length === 0 && section !== 'socios-clave' && (
          <p className="field-hint">
            Aún no tienes segmentos de clientes.{' '}
            <a
              className="font-semibold text-brand-700 underline"
              href={sectionPath(canvasId, 'segmento-de-clientes')}
            >
              Defínelos primero
            </a>{' '}
            para ligar tus notas a ellos.
          </p>
        )}
      </form>

      {notes.length === 0 ? (
        <p className="mt-6 rounded-xl border border-dashed border-ink-300 p-6 text-center text-sm text-ink-500">
          Todavía no hay notas en este bloque. Empieza respondiendo las preguntas guía.
        </p>
      ) : (
        <ul className="mt-6 grid gap-3 sm:grid-cols-2" aria-label={`Notas de ${guide.title}`}>
          {notes.map((n, i) => (
            <NoteCard
              key={n.id}
              note={n}
              index={i}
              count={notes.length}
              segments={segments}
              linkable={!isSegments}
              onChange={(changed) => edit(notes.map((x) => (x.id === n.id ? changed : x)))}
              onDelete={() => edit(notes.filter((x) => x.id !== n.id))}
              onMove={(d) => move(i, d)}
            />
          ))}
        </ul>
      )}

      <div className="mt-10 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:justify-between">
        {previous ? (
          <button
            type="button"
            className="btn-secondary"
            onClick={() => void go(sectionPath(canvasId, previous))}
          >
            ← {SECTION_GUIDES[previous].title}
          </button>
        ) : (
          <span />
        )}
        <button
          type="button"
          className="btn-primary"
          onClick={() =>
            void go(next ? sectionPath(canvasId, next) : `/canvas/${canvasId}/resumen`)
          }
        >
          {next ? `${SECTION_GUIDES[next].title} →` : 'Ver mi canvas completo →'}
        </button>
      </div>
    </div>
  );
}

export default withIslandBoundary(SectionEditor);
