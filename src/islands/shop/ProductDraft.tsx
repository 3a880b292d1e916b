import { useEffect, useRef, useState } from 'react';
import { api } from '@/lib/api';
import { conflictBody, createAutosave, type Autosave } from '@/lib/autosave/autosave.client';
import type { SaveState } from '@/lib/autosave/states';
import { formatClp, parseClp } from '@/lib/money';
import {
  changedFields,
  mergeMessage,
  mergeProductFields,
  productFormFields,
  type ProductFormFields,
} from '@/lib/shop/product-draft';
import {
  draftKey,
  formImagesOf,
  productDrafts,
  readProductForm,
  writeProductForm,
  type FormImage,
  type StoredDraft,
} from '@/lib/shop/product-draft.client';
import { productFromForm } from '@/lib/shop/product-form';
import { safePreviewHtml } from '@/lib/shop/rich-text.client';
import { stockLabel } from '@/lib/shop/stock';
import { SaveBadge } from '@/islands/ui/SaveBadge';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { useHydrated } from '@/islands/ui/fields';

interface Props {
  userId: number;
  /** null on the new-product form. */
  productId: number | null;
  version: number | null;
  /** When the product was created (ISO): a kept new-product draft older than that became it. */
  createdAt: string | null;
  /** The product as the server rendered the form (a new product: the empty form). */
  stored: ProductFormFields;
  storedPublished: boolean;
  images: FormImage[];
  shopName: string;
  categories: { id: number; name: string }[];
  form?: string;
}

/** A product as `PATCH /api/products/{id}/` and its 409 answer it (docs/design.md §7). */
type ProductAnswer = Omit<Parameters<typeof productFormFields>[0], 'images'> & {
  version: number;
  updated_at: string;
  images: FormImage[];
};

/** Unsaved edits of a published product stay here until "Guardar cambios": autosaving would publish half-typed text. */
type Status = SaveState | 'idle' | 'local';

const LOCAL_TEXT = 'Cambios sin guardar: quedan en este dispositivo';

/** Waits until every island of the page has hydrated (restored fields need their listeners). */
function islandsHydrated(): Promise<void> {
  return new Promise((resolve) => {
    const started = Date.now();
    const check = () =>
      document.querySelector('astro-island[ssr]') && Date.now() - started < 5000
        ? setTimeout(check, 30)
        : resolve();
    check();
  });
}

/**
 * The product editor's companion: keeps every edit on this device (a reload or a failed save
 * loses nothing), autosaves a draft product to the API with its version (a 409 merges field by
 * field, never overwrites), and shows a live preview of the public page.
 */
function ProductDraft({
  userId,
  productId,
  version,
  createdAt,
  stored,
  storedPublished,
  images: storedImages,
  shopName,
  categories,
  form: formName = 'product',
}: Props) {
  const key = draftKey(userId, productId);
  const hydrated = useHydrated();
  const [fields, setFields] = useState<ProductFormFields>(stored);
  const [images, setImages] = useState<FormImage[]>(storedImages);
  const [status, setStatus] = useState<Status>('idle');
  const [notice, setNotice] = useState<string | null>(null);
  const saver = useRef<Autosave | null>(null);
  const draft = useRef<StoredDraft>({
    fields: stored,
    base: stored,
    images: storedImages,
    version,
    editedAt: 0,
    dirty: false,
  });

  useEffect(() => {
    const form = document.forms.namedItem(formName);
    if (!form) return;
    const versionField = form.elements.namedItem('version');
    /** Autosave only a product that is and stays a draft; publishing is the person's explicit act. */
    const autosaves = (f: ProductFormFields) =>
      productId !== null && !storedPublished && f.published !== 'on';
    // A new product's form, once sent, is no longer a draft: the server shows what was sent again
    // on an error, and a draft left behind would come back over the next product typed here.
    let sent = false;
    const keep = (next: StoredDraft) => {
      draft.current = next;
      if (next.dirty && !sent) productDrafts.save(key, next);
      else productDrafts.forget(key);
    };
    const send = () => {
      if (productId !== null) return;
      sent = true;
      productDrafts.forget(key);
    };
    // Back from the product it made, the page restored as it was: what is typed now is a draft.
    const back = (event: PageTransitionEvent) => {
      if (event.persisted) sent = false;
    };

    if (productId !== null && createdAt) {
      const created = productDrafts.load(draftKey(userId, null));
      if (created && created.editedAt <= Date.parse(createdAt))
        productDrafts.forget(draftKey(userId, null));
    }

    saver.current =
      productId === null
        ? null
        : createAutosave<StoredDraft>({
            read: () => ({
              value: draft.current,
              version: draft.current.version,
              editedAt: draft.current.editedAt,
              dirty: draft.current.dirty,
            }),
            write: (next) =>
              keep({
                ...next.value,
                version: next.version,
                editedAt: next.editedAt,
                dirty: next.dirty,
              }),
            async send(value, base) {
              const saved = await api<ProductAnswer>(`/api/products/${productId}/`, {
                method: 'PATCH',
                body: { ...productFromForm(value.fields), version: base ?? 0 },
              });
              if (versionField instanceof HTMLInputElement)
                versionField.value = String(saved.version);
              // What the server holds now is what the next merge compares against.
              draft.current = { ...draft.current, base: value.fields };
              return saved.version;
            },
            conflictOf(error) {
              const current = conflictBody(error) as ProductAnswer | null;
              if (!current) return null;
              const theirs = productFormFields(current);
              const known = new Map(
                [
                  ...draft.current.images,
                  ...current.images.map((i) => ({ id: i.id, url: i.url, alt: i.alt })),
                ].map((i) => [i.id, i]),
              );
              return {
                value: {
                  ...draft.current,
                  fields: theirs,
                  base: theirs,
                  images: [...known.values()],
                },
                version: current.version,
                editedAt: Date.parse(current.updated_at),
              };
            },
            merge(local, server) {
              const merge = mergeProductFields(
                local.value.fields,
                local.value.base,
                server.value.fields,
              );
              setNotice(mergeMessage(merge));
              setFields(merge.merged);
              writeProductForm(form, merge.merged, server.value.images);
              if (versionField instanceof HTMLInputElement)
                versionField.value = String(server.version);
              return { ...server.value, fields: merge.merged };
            },
            // A published product, or a draft being published, is never sent by autosave (nor on
            // leaving the page, nor when the connection comes back): only "Guardar cambios" does.
            valid: (value) =>
              autosaves(value.fields) &&
              value.fields.name.trim() !== '' &&
              parseClp(value.fields.price) !== null,
            onState: (state) =>
              setStatus(
                autosaves(draft.current.fields) ? state : draft.current.dirty ? 'local' : 'idle',
              ),
          });

    /** Records the form as it is now: on this device always, to the server when it autosaves. */
    const edited = () => {
      const now = readProductForm(form);
      const formImages = formImagesOf(form);
      setFields(now);
      setImages(formImages);
      const known = new Map([...draft.current.images, ...formImages].map((i) => [i.id, i]));
      const dirty = changedFields(now, draft.current.base).length > 0;
      keep({
        ...draft.current,
        fields: now,
        images: [...known.values()],
        editedAt: Date.now(),
        dirty,
      });
      if (autosaves(now) && saver.current) saver.current.edited();
      else setStatus(dirty ? 'local' : 'idle');
    };

    // A draft kept from an earlier visit: back into the form, merged if the product moved since.
    const kept = productDrafts.load(key);
    let cancelled = false;
    if (kept?.dirty && changedFields(kept.fields, stored).length > 0) {
      void islandsHydrated().then(() => {
        if (cancelled) return;
        let fieldsBack = kept.fields;
        let message = 'Recuperamos los cambios que no alcanzaste a guardar.';
        if (productId !== null && kept.version !== version) {
          const merge = mergeProductFields(kept.fields, kept.base, stored);
          fieldsBack = merge.merged;
          message = mergeMessage(merge);
        }
        draft.current = {
          fields: fieldsBack,
          base: stored,
          images: kept.images,
          version,
          editedAt: kept.editedAt,
          dirty: true,
        };
        writeProductForm(form, fieldsBack, [...kept.images, ...storedImages]);
        setNotice(message);
        edited();
      });
    } else if (kept) productDrafts.forget(key);

    form.addEventListener('input', edited);
    form.addEventListener('change', edited);
    form.addEventListener('submit', send);
    const leave = () => void saver.current?.flush();
    window.addEventListener('pagehide', leave);
    window.addEventListener('pageshow', back);
    return () => {
      cancelled = true;
      form.removeEventListener('input', edited);
      form.removeEventListener('change', edited);
      form.removeEventListener('submit', send);
      window.removeEventListener('pagehide', leave);
      window.removeEventListener('pageshow', back);
      saver.current?.stop();
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- mounted once per page: the props are the page's
  }, []);

  function discard() {
    productDrafts.forget(key);
    window.location.reload();
  }

  // Without JavaScript nothing here would be true (no autosave, no live preview): nothing is shown.
  if (!hydrated) return null;
  const price = parseClp(fields.price);
  const compareAt = fields.compare_at_price ? parseClp(fields.compare_at_price) : null;
  const stockText = fields.stock.trim() === '' ? null : Number(fields.stock.replace(/\D/g, ''));
  const category = categories.find((c) => String(c.id) === fields.category)?.name;
  const imageById = new Map(images.map((i) => [String(i.id), i]));
  const first = fields.images
    .split(',')
    .map((id) => imageById.get(id))
    .find(Boolean);
  const badgeText =
    status === 'local'
      ? LOCAL_TEXT
      : status === 'idle'
        ? productId === null
          ? 'Se guarda en este dispositivo mientras escribes'
          : 'Sin cambios'
        : undefined;

  return (
    <div className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <SaveBadge
          state={status === 'local' ? 'offline' : status === 'idle' ? 'idle' : status}
          text={badgeText}
        />
        {(status === 'local' || notice) && (
          <button
            type="button"
            className="text-xs font-semibold text-ink-600 underline"
            onClick={discard}
          >
            Descartar cambios
          </button>
        )}
      </div>
      {notice && (
        <p
          role="status"
          className="rounded-(--radius-control) border border-warning-600 bg-warning-50 p-3 text-sm"
        >
          {notice}
        </p>
      )}
      {status === 'conflict' && saver.current && (
        <p className="text-sm">
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => void saver.current?.resolve('mine')}
          >
            Guardar lo mío
          </button>{' '}
          ·{' '}
          <button
            type="button"
            className="font-semibold underline"
            onClick={() => window.location.reload()}
          >
            Ver lo de la otra pestaña
          </button>
        </p>
      )}
      <details
        className="group rounded-(--radius-card) border border-ink-200 bg-white lg:open:shadow-sm"
        open
      >
        <summary className="cursor-pointer select-none px-4 py-3 text-sm font-semibold">
          Vista previa de la página pública
        </summary>
        <div className="border-t border-ink-100 bg-ink-50 p-3" aria-label="Vista previa">
          <div className="overflow-hidden rounded-(--radius-control) bg-white shadow-sm">
            <p className="truncate border-b border-ink-100 px-3 py-2 text-sm font-bold">
              {shopName}
            </p>
            {first ? (
              <img
                src={first.url}
                alt={first.alt}
                className="aspect-[4/3] w-full bg-ink-100 object-cover"
              />
            ) : (
              <div className="flex h-20 items-center justify-center bg-ink-100 text-sm text-ink-700">
                Sin imagen
              </div>
            )}
            <div className="space-y-2 p-3">
              {category && <p className="eyebrow">{category}</p>}
              <p className="text-lg font-bold">{fields.name.trim() || 'Nombre del producto'}</p>
              <p className="flex flex-wrap items-baseline gap-2">
                <span className="text-xl font-bold">
                  {price === null ? '$—' : formatClp(price)}
                </span>
                {compareAt !== null && price !== null && compareAt > price && (
                  <s className="text-sm text-ink-500">{formatClp(compareAt)}</s>
                )}
              </p>
              <p className="text-sm text-ink-600">
                {stockLabel(stockText === null || Number.isNaN(stockText) ? null : stockText)}
              </p>
              {fields.description.trim() && (
                <div
                  className="prose-shop text-sm"
                  dangerouslySetInnerHTML={{ __html: safePreviewHtml(fields.description) }}
                />
              )}
              {fields.published !== 'on' && (
                <p className="text-xs font-semibold text-warning-700">
                  Borrador: nadie más lo ve todavía.
                </p>
              )}
            </div>
          </div>
        </div>
      </details>
    </div>
  );
}

export default withIslandBoundary(ProductDraft);
