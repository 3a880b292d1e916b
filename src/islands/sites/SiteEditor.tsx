import '@puckeditor/core/no-external.css';
import '@/styles/sites.css';
import { classes } from '@/lib/class-names';
import { Puck, type Data } from '@puckeditor/core';
import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import type { SiteRenderData } from '@/lib/sites/block-data';
import { editorConfig } from '@/islands/sites/editor-config';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { SaveBadge } from '@/islands/ui/SaveBadge';
import { api, serverMessage } from '@/lib/api';
import {
  conflictBody,
  createAutosave,
  type Autosave,
  type LocalCopy,
} from '@/lib/autosave/autosave.client';
import type { SaveState } from '@/lib/autosave/states';
import { siteShopPath } from '@/lib/shop/urls';
import { whatsappLink } from '@/lib/shop/whatsapp';
import {
  EDITOR_VIEWPORTS,
  gridProducts,
  pageDraftKey,
  PUCK_DICTIONARY,
  type CatalogueItem,
} from '@/lib/sites/editor';
import { $library, type LibraryImage } from '@/lib/sites/library.client';
import { sitePageCopies } from '@/lib/sites/page-copies.client';
import type { SiteTheme } from '@/lib/sites/schemas';
import { BUILDER_PATHS } from '@/lib/sites/urls';
import { toast, toastError } from '@/lib/toast/store.client';

interface EditorPage {
  id: number;
  path: string;
  title: string;
  data: Data;
  version: number;
  updated_at: string;
}

export interface SiteEditorProps {
  userId: number;
  site: {
    id: number;
    name: string;
    url: string;
    published: boolean;
    theme: SiteTheme;
    whatsapp: string | null;
  };
  pages: { id: number; path: string; title: string }[];
  page: EditorPage;
  catalogue: CatalogueItem[];
  categories: { id: number; name: string }[];
  library: LibraryImage[];
}

type Conflict = { data: Data; version: number };

/** The page document with its root title as the page's title: one fact, edited in one place. */
function withTitle(page: EditorPage): Data {
  const root = (page.data.root ?? {}) as { props?: Record<string, unknown> };
  return { ...page.data, root: { ...root, props: { ...root.props, title: page.title } } };
}

const titleOf = (data: Data, fallback: string) => {
  const title = (data.root as { props?: { title?: unknown } })?.props?.title;
  return typeof title === 'string' && title.trim() ? title.trim().slice(0, 80) : fallback;
};

/**
 * One object for the editor's life: Puck re-runs its viewport effect when this prop changes, and
 * that effect overwrites the first history entry with the current page while a change waits to
 * be recorded, so a new object per render made the first edit impossible to undo.
 */
const PUCK_IFRAME = { enabled: true };

/**
 * The page builder (`/page-builder/editor/{siteId}`): Puck with the site's blocks, in Spanish.
 * Every edit is kept on this device at once and saved after a pause with the version it started
 * from (`createAutosave`); a 409 is never overwritten silently: the seller chooses. "Publicar"
 * saves what is pending, then publishes every page of the site.
 */
function SiteEditor({
  userId,
  site,
  pages,
  page,
  catalogue,
  categories,
  library: initialLibrary,
}: SiteEditorProps) {
  const key = pageDraftKey(userId, page.id);
  /** What Puck starts from; a new generation remounts it (a recovered copy, the other tab's version). */
  const [doc, setDoc] = useState<{ data: Data; generation: number }>(() => ({
    data: withTitle(page),
    generation: 0,
  }));
  /** The document as edited now (the canvas's product grids follow it). */
  const [current, setCurrent] = useState<Data>(doc.data);
  const [state, setState] = useState<SaveState>('saved');
  const [conflict, setConflict] = useState<Conflict | null>(null);
  const [publishing, setPublishing] = useState(false);
  const [published, setPublished] = useState(site.published);
  const [notice, setNotice] = useState('');
  const copy = useRef<LocalCopy<Data>>({
    value: withTitle(page),
    version: page.version,
    editedAt: 0,
    dirty: false,
  });
  const saver = useRef<Autosave | null>(null);
  const library = useStore($library);
  const config = useMemo(() => editorConfig(categories, site.theme), [categories, site.theme]);

  useEffect(() => {
    $library.set(initialLibrary);
    const keep = (next: LocalCopy<Data>) => {
      copy.current = next;
      if (next.dirty) sitePageCopies.save(key, next);
      else sitePageCopies.forget(key);
    };
    saver.current = createAutosave<Data>({
      read: () => copy.current,
      write: keep,
      async send(data, version) {
        const saved = await api<EditorPage>(`/api/sites/${site.id}/pages/${page.id}/`, {
          method: 'PUT',
          body: { data, title: titleOf(data, page.title), version: version ?? 0 },
        });
        return saved.version;
      },
      conflictOf(error) {
        const current = conflictBody(error) as EditorPage | null;
        return current
          ? {
              value: withTitle(current),
              version: current.version,
              editedAt: Date.parse(current.updated_at),
            }
          : null;
      },
      onState(next, detail) {
        setState(next);
        if (detail?.conflict)
          setConflict({ data: detail.conflict.value, version: detail.conflict.version });
      },
      debounceMs: 1000,
    });
    // Edits this device kept from an earlier visit go back in; if the page moved on since, the save
    // says 409 and the seller chooses.
    const kept = sitePageCopies.load(key);
    if (kept?.dirty && JSON.stringify(kept.value) !== JSON.stringify(copy.current.value)) {
      copy.current = kept;
      setDoc((d) => ({ data: kept.value, generation: d.generation + 1 }));
      setCurrent(kept.value);
      setNotice('Recuperamos cambios que no alcanzaste a guardar.');
      saver.current.edited();
    } else if (kept) sitePageCopies.forget(key);
    const leave = (e: BeforeUnloadEvent) => {
      if (copy.current.dirty) {
        void saver.current?.flush();
        e.preventDefault();
      }
    };
    window.addEventListener('beforeunload', leave);
    return () => {
      window.removeEventListener('beforeunload', leave);
      saver.current?.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mounts once per page; its props never change
  }, []);

  function changed(data: Data) {
    if (JSON.stringify(data) === JSON.stringify(copy.current.value)) return;
    const next = { ...copy.current, value: data, editedAt: Date.now(), dirty: true };
    copy.current = next;
    sitePageCopies.save(key, next);
    saver.current?.edited();
  }

  async function resolve(choice: 'mine' | 'theirs') {
    const theirs = conflict;
    setConflict(null);
    await saver.current?.resolve(choice);
    if (choice === 'theirs' && theirs) {
      copy.current = {
        value: theirs.data,
        version: theirs.version,
        editedAt: Date.now(),
        dirty: false,
      };
      setDoc((d) => ({ data: theirs.data, generation: d.generation + 1 }));
      setCurrent(theirs.data);
    }
  }

  async function publish() {
    if (publishing) return;
    setPublishing(true);
    try {
      if (!(await saver.current?.flush())) {
        toastError(
          conflict
            ? 'Primero elige qué versión de la página conservar.'
            : 'No pudimos guardar tus cambios; revisa tu conexión y vuelve a intentarlo.',
          'No publicamos el sitio',
        );
        return;
      }
      const result = await api<{ url: string }>(`/api/sites/${site.id}/publish/`, {
        method: 'POST',
      });
      setPublished(true);
      toast({ title: 'Sitio publicado', description: `Ya está en línea en ${result.url}` });
    } catch (error) {
      toastError(
        serverMessage(error) ?? 'No pudimos publicar. Inténtalo de nuevo.',
        'No publicamos el sitio',
      );
    } finally {
      setPublishing(false);
    }
  }

  // ProductGrid reads its products by block id: the canvas computes them from each block's props.
  const metadata = useMemo<SiteRenderData>(() => {
    const products: SiteRenderData['products'] = {};
    const walk = (list: Data['content']) => {
      for (const block of list) {
        const props = block.props as Record<string, unknown>;
        if (block.type === 'ProductGrid')
          products[String(props.id)] = gridProducts(
            catalogue,
            typeof props.category === 'number' ? props.category : null,
            Number(props.limit) || 6,
          );
        for (const slot of ['left', 'right'])
          if (Array.isArray(props[slot])) walk(props[slot] as Data['content']);
      }
    };
    walk(current.content);
    return {
      images: Object.fromEntries(library.map((i) => [i.id, i])),
      products,
      catalogueHref: siteShopPath(),
      whatsapp: (phone, message) => {
        const number = phone.trim() || site.whatsapp;
        return number ? whatsappLink(number, message) : null;
      },
    };
  }, [current, library, catalogue, site.whatsapp]);

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      {(conflict || notice) && (
        <div
          role={conflict ? 'alert' : 'status'}
          className={classes(
            'fixed inset-x-2 bottom-2 z-50 mx-auto flex max-w-3xl flex-wrap items-center gap-3',
            'rounded-(--radius-control) border px-4 py-3 text-sm shadow-lg',
            conflict ? 'border-warning-600 bg-warning-50' : 'border-ink-200 bg-brand-50',
          )}
        >
          {conflict ? (
            <>
              <p className="flex-1">
                <strong>Esta página cambió en otra pestaña o dispositivo.</strong> Tus cambios
                siguen aquí y en este dispositivo; elige cuál versión conservar.
              </p>
              <button
                type="button"
                className="btn-primary min-h-9 px-3 text-sm"
                onClick={() => void resolve('mine')}
              >
                Guardar la mía
              </button>
              <button
                type="button"
                className="btn-secondary min-h-9 px-3 text-sm"
                onClick={() => void resolve('theirs')}
              >
                Cargar la guardada
              </button>
            </>
          ) : (
            <>
              <p className="flex-1">{notice}</p>
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 text-sm"
                onClick={() => setNotice('')}
              >
                Entendido
              </button>
            </>
          )}
        </div>
      )}
      <div className="min-h-0 flex-1">
        <Puck
          key={doc.generation}
          config={config}
          data={doc.data}
          onChange={(data) => {
            changed(data);
            setCurrent(data);
          }}
          onPublish={() => void publish()}
          metadata={metadata}
          dictionary={PUCK_DICTIONARY}
          viewports={EDITOR_VIEWPORTS as never}
          headerTitle={site.name}
          headerPath={page.path}
          height="calc(100dvh - 3.5rem)"
          iframe={PUCK_IFRAME}
          overrides={{
            // Our own "Publicar": Puck's is a <span> with a click handler, out of reach of the keyboard.
            headerActions: () => (
              <>
                <SaveBadge state={state} />
                <label className="sr-only" htmlFor="editor-page">
                  Página
                </label>
                <select
                  id="editor-page"
                  className="field-input min-h-9 w-auto py-1 text-sm"
                  value={page.id}
                  onChange={async (e) => {
                    const target = Number(e.target.value);
                    await saver.current?.flush();
                    window.location.href = BUILDER_PATHS.editor(site.id, target);
                  }}
                >
                  {pages.map((p) => (
                    <option key={p.id} value={p.id}>
                      {p.title} ({p.path})
                    </option>
                  ))}
                </select>
                <a className="btn-ghost min-h-9 px-3 text-sm" href={BUILDER_PATHS.site(site.id)}>
                  Configurar
                </a>
                {published && (
                  <a
                    className="btn-ghost min-h-9 px-3 text-sm"
                    href={site.url}
                    target="_blank"
                    rel="noopener"
                  >
                    Ver sitio
                  </a>
                )}
                <button
                  type="button"
                  className="btn-primary min-h-9 px-4 text-sm"
                  onClick={() => void publish()}
                  disabled={publishing}
                >
                  {publishing ? 'Publicando…' : 'Publicar'}
                </button>
              </>
            ),
          }}
        />
      </div>
    </div>
  );
}

export default withIslandBoundary(SiteEditor);
