import { formatDateTime } from '@/lib/dates';
import { useState } from 'react';
import { api, serverMessage } from '@/lib/api';
import '@/lib/accounts/auth.client';
import { SECTION_ORDER } from '@/lib/canvas/sections';
import { toast, toastError } from '@/lib/toast/store.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

export interface CanvasSummary {
  id: number;
  title: string;
  description: string;
  filled: number;
  updated_at: string;
  openHref: string;
}

const edited = (iso: string) => formatDateTime(iso, 'medium');

/** /canvas: the user's canvases with open, rename, duplicate and delete (with confirmation). */
function CanvasList({ initial }: { initial: CanvasSummary[] }) {
  const [items, setItems] = useState(initial);
  const [renaming, setRenaming] = useState<number | null>(null);
  const [name, setName] = useState('');
  const [deleting, setDeleting] = useState<number | null>(null);

  async function rename(id: number) {
    const title = name.trim();
    if (!title) return toastError('Escribe un nombre.');
    try {
      await api(`/api/canvases/${id}/`, { method: 'PATCH', body: { title } });
      setItems((list) =>
        list.map((c) => (c.id === id ? { ...c, title, updated_at: new Date().toISOString() } : c)),
      );
      setRenaming(null);
      toast({ title: 'Nombre actualizado' }, { persist: false });
    } catch (error) {
      toastError(serverMessage(error) ?? 'No pudimos cambiar el nombre.');
    }
  }

  async function duplicate(id: number) {
    try {
      const copy = await api<CanvasSummary & { sections: unknown }>(
        `/api/canvases/${id}/duplicate/`,
        { method: 'POST' },
      );
      setItems((list) => [
        {
          id: copy.id,
          title: copy.title,
          description: copy.description,
          filled: copy.filled,
          updated_at: copy.updated_at,
          openHref: `/canvas/${copy.id}/resumen`,
        },
        ...list,
      ]);
      toast({ title: 'Canvas duplicado', description: copy.title }, { persist: false });
    } catch (error) {
      toastError(serverMessage(error) ?? 'No pudimos duplicarlo.');
    }
  }

  async function remove(id: number) {
    try {
      await api(`/api/canvases/${id}/`, { method: 'DELETE' });
      setItems((list) => list.filter((c) => c.id !== id));
      setDeleting(null);
      toast({ title: 'Canvas eliminado' }, { persist: false });
    } catch (error) {
      toastError(serverMessage(error) ?? 'No pudimos eliminarlo.');
    }
  }

  if (items.length === 0) {
    return (
      <div className="card p-8 text-center">
        <p className="text-lg font-semibold">Aún no tienes canvas</p>
        <p className="mt-1 text-ink-600">
          Un canvas ordena tu idea en nueve bloques. Toma unos 30 minutos y lo puedes mejorar cuando
          quieras.
        </p>
        <a href="/canvas/iniciar" className="btn-primary mt-5">
          Crear mi primer canvas
        </a>
      </div>
    );
  }

  return (
    <ul className="space-y-3">
      {items.map((c) => (
        <li key={c.id} className="card p-5" data-canvas={c.id}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-start sm:justify-between">
            <div className="min-w-0 flex-1">
              {renaming === c.id ? (
                <form
                  className="flex flex-col gap-2 sm:flex-row"
                  onSubmit={(e) => {
                    e.preventDefault();
                    void rename(c.id);
                  }}
                >
                  <label htmlFor={`rename-${c.id}`} className="sr-only">
                    Nuevo nombre
                  </label>
                  <input
                    id={`rename-${c.id}`}
                    className="field-input"
                    value={name}
                    maxLength={120}
                    onChange={(e) => setName(e.target.value)}
                    autoFocus
                  />
                  <button type="submit" className="btn-primary">
                    Guardar
                  </button>
                  <button type="button" className="btn-ghost" onClick={() => setRenaming(null)}>
                    Cancelar
                  </button>
                </form>
              ) : (
                <a
                  href={c.openHref}
                  className="text-lg font-semibold text-ink-900 hover:text-brand-700"
                >
                  {c.title}
                </a>
              )}
              {c.description && <p className="mt-1 text-sm text-ink-600">{c.description}</p>}
              <p className="mt-2 text-xs text-ink-500">
                Editado: {edited(c.updated_at)} · {c.filled} de {SECTION_ORDER.length} bloques
              </p>
              <div className="mt-2 h-1.5 max-w-xs rounded-full bg-ink-100" aria-hidden="true">
                <div
                  className="h-1.5 rounded-full bg-brand-600"
                  style={{ width: `${(c.filled / SECTION_ORDER.length) * 100}%` }}
                />
              </div>
            </div>
            <div className="flex flex-wrap gap-2">
              <a href={c.openHref} className="btn-secondary min-h-9 px-3 text-sm">
                Abrir
              </a>
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 text-sm"
                onClick={() => (setRenaming(c.id), setName(c.title))}
              >
                Renombrar
              </button>
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 text-sm"
                onClick={() => void duplicate(c.id)}
              >
                Duplicar
              </button>
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 text-sm text-danger-700"
                onClick={() => setDeleting(c.id)}
              >
                Eliminar
              </button>
            </div>
          </div>
          {deleting === c.id && (
            <div
              role="alertdialog"
              aria-labelledby={`del-${c.id}`}
              className="mt-4 rounded-xl bg-danger-50 p-4"
            >
              <p id={`del-${c.id}`} className="text-sm font-semibold text-danger-700">
                ¿Eliminar «{c.title}»? Se borrarán todas sus notas y no se puede deshacer.
              </p>
              <div className="mt-3 flex gap-2">
                <button
                  type="button"
                  className="btn min-h-9 bg-danger-700 px-3 text-sm text-white hover:bg-danger-600"
                  onClick={() => void remove(c.id)}
                >
                  Sí, eliminar
                </button>
                <button
                  type="button"
                  className="btn-secondary min-h-9 px-3 text-sm"
                  onClick={() => setDeleting(null)}
                >
                  Cancelar
                </button>
              </div>
            </div>
          )}
        </li>
      ))}
    </ul>
  );
}

export default withIslandBoundary(CanvasList);
