import { useId, useState } from 'react';
import { classes } from '@/lib/class-names';
import {
  displayColor,
  NOTE_COLORS,
  NOTE_COLOR_STYLES,
  NOTE_MAX_CHARS,
  type Note,
} from '@/lib/canvas/notes';

interface Props {
  note: Note;
  index: number;
  count: number;
  segments: Note[];
  linkable: boolean;
  onChange: (note: Note) => void;
  onDelete: () => void;
  onMove: (delta: -1 | 1) => void;
}

/** One sticky note: text, colour, links to segments, reorder and delete — all keyboard-usable. */
export function NoteCard({
  note,
  index,
  count,
  segments,
  linkable,
  onChange,
  onDelete,
  onMove,
}: Props) {
  const id = useId();
  const [confirming, setConfirming] = useState(false);
  const color = NOTE_COLOR_STYLES[displayColor(note, segments)];
  const tooLong = note.text.length > NOTE_MAX_CHARS;
  return (
    <li className={`rounded-xl border p-3 shadow-sm ${color.bg} ${color.border}`}>
      <label htmlFor={`${id}-text`} className="sr-only">
        Nota {index + 1}
      </label>
      <textarea
        id={`${id}-text`}
        className="block min-h-20 w-full resize-y rounded-md border border-transparent bg-white/60
          p-2 text-sm text-ink-900 focus:border-brand-400 focus:outline-none"
        value={note.text}
        maxLength={NOTE_MAX_CHARS + 100}
        onChange={(e) => onChange({ ...note, text: e.target.value })}
        aria-invalid={tooLong || !note.text.trim() ? true : undefined}
        aria-describedby={`${id}-count`}
      />
      <p
        id={`${id}-count`}
        className={`mt-1 text-right text-xs ${tooLong ? 'text-danger-700' : 'text-ink-500'}`}
      >
        {note.text.length}/{NOTE_MAX_CHARS}
        {!note.text.trim() && ' · La nota está vacía y no se guardará.'}
      </p>
      {linkable && segments.length > 0 && (
        <fieldset className="mt-2">
          <legend className="text-xs font-semibold text-ink-700">Para qué segmento</legend>
          <div className="mt-1 flex flex-wrap gap-1.5">
            {segments.map((s) => {
              const linked = note.segmentIds.includes(s.id);
              return (
                <label
                  key={s.id}
                  className={classes(
                    'inline-flex max-w-full cursor-pointer items-center gap-1.5 rounded-full',
                    'border px-2 py-1 text-xs',
                    NOTE_COLOR_STYLES[s.color].bg,
                    linked ? 'border-ink-700 font-semibold' : 'border-ink-200',
                  )}
                >
                  <input
                    type="checkbox"
                    className="size-3.5 accent-brand-600"
                    checked={linked}
                    onChange={(e) =>
                      onChange({
                        ...note,
                        segmentIds: e.target.checked
                          ? [...note.segmentIds, s.id]
                          : note.segmentIds.filter((x) => x !== s.id),
                      })
                    }
                  />
                  <span className="truncate">{s.text.slice(0, 40) || 'Segmento sin texto'}</span>
                </label>
              );
            })}
          </div>
        </fieldset>
      )}
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2">
        <fieldset className="flex items-center gap-1">
          <legend className="sr-only">Color de la nota {index + 1}</legend>
          {NOTE_COLORS.map((c) => (
            <label key={c} className="cursor-pointer" title={NOTE_COLOR_STYLES[c].label}>
              <input
                type="radio"
                name={`${id}-color`}
                className="peer sr-only"
                checked={note.color === c}
                onChange={() => onChange({ ...note, color: c })}
              />
              <span
                className={classes(
                  'block size-6 rounded-full border-2',
                  NOTE_COLOR_STYLES[c].bg,
                  note.color === c ? 'border-ink-800' : 'border-white',
                  'peer-focus-visible:outline-2 peer-focus-visible:outline-brand-600',
                )}
                aria-hidden="true"
              />
              <span className="sr-only">{NOTE_COLOR_STYLES[c].label}</span>
            </label>
          ))}
        </fieldset>
        <div className="flex items-center gap-1">
          <button
            type="button"
            className="btn-ghost min-h-8 px-2 text-xs"
            disabled={index === 0}
            onClick={() => onMove(-1)}
            aria-label={`Subir la nota ${index + 1}`}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn-ghost min-h-8 px-2 text-xs"
            disabled={index === count - 1}
            onClick={() => onMove(1)}
            aria-label={`Bajar la nota ${index + 1}`}
          >
            ↓
          </button>
          {confirming ? (
            <>
              <button
                type="button"
                className="btn-ghost min-h-8 px-2 text-xs text-danger-700"
                onClick={onDelete}
              >
                Sí, borrar
              </button>
              <button
                type="button"
                className="btn-ghost min-h-8 px-2 text-xs"
                onClick={() => setConfirming(false)}
              >
                No
              </button>
            </>
          ) : (
            <button
              type="button"
              className="btn-ghost min-h-8 px-2 text-xs text-danger-700"
              onClick={() => setConfirming(true)}
              aria-label={`Borrar la nota ${index + 1}`}
            >
              Borrar
            </button>
          )}
        </div>
      </div>
    </li>
  );
}
