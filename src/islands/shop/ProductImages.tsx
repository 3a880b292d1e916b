import { useEffect, useRef, useState, type DragEvent } from 'react';
import { api, serverMessage } from '@/lib/api';
import { classes } from '@/lib/class-names';
import { IMAGE_ERRORS, IMAGE_MAX_BYTES } from '@/lib/shop/images';
import { IMAGE_ACCEPT, uploadMedia } from '@/lib/shop/media.client';
import { fitPhoto } from '@/lib/shop/fit-photo.client';
import { IMAGES_PER_PRODUCT } from '@/lib/shop/schemas';
import { moveItem, takeFinished, type PendingUpload } from '@/lib/shop/upload-order';
import { ProductImageCard } from '@/islands/shop/ProductImageCard';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { useHydrated } from '@/islands/ui/fields';
import { useFormField } from '@/islands/shop/useFormField';
import type { FormImage } from '@/lib/shop/product-draft.client';

interface Upload {
  key: string;
  name: string;
  progress: number;
  error?: string;
}

/** Uploads one file to the library, as the product form keeps it. */
const uploadFile = (file: File, onProgress: (share: number) => void): Promise<FormImage> =>
  uploadMedia(file, onProgress).then((m) => ({ id: m.id, url: m.url, alt: m.alt }));

const ACCEPT = IMAGE_ACCEPT;

/**
 * The product's images: drop or pick several, each uploads with its own progress bar and its
 * own error; reorder, describe (alt text), remove. The order travels in the form's `images` field.
 * Before hydration (or without JavaScript) it is a file input (`fileField`) posted with the form.
 */
function ProductImages({
  initial,
  form = 'product',
  fileField,
}: {
  initial: FormImage[];
  form?: string;
  fileField: string;
}) {
  const hydrated = useHydrated();
  const [images, setImages] = useState(initial);
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [dragging, setDragging] = useState(false);
  /** The photo being dragged to a new place, by its position. */
  const [dragged, setDragged] = useState<number | null>(null);
  const input = useRef<HTMLInputElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const ids = images.map((i) => i.id).join(',');
  useFormField(form, 'images', ids, field, (detail) => detail.images && setImages(detail.images));
  // Photos picked in the plain file input before hydration upload as soon as the island can.
  useEffect(() => {
    const picked = document.forms.namedItem(form)?.elements.namedItem(fileField);
    if (picked instanceof HTMLInputElement && picked.files?.length)
      addFiles(Array.from(picked.files));
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  /** The photos picked, in pick order, until they join the product (`takeFinished`). */
  const queue = useRef<PendingUpload<FormImage>[]>([]);
  function settle(key: string, outcome: Pick<PendingUpload<FormImage>, 'result' | 'failed'>) {
    queue.current = queue.current.map((u) => (u.key === key ? { ...u, ...outcome } : u));
    const { done, keys, rest } = takeFinished(queue.current);
    queue.current = rest;
    if (done.length) setImages((list) => [...list, ...done].slice(0, IMAGES_PER_PRODUCT));
    // A finished photo keeps its row until the ones picked before it are in.
    const joined = new Set(keys);
    setUploads((u) => u.filter((x) => !joined.has(x.key) || x.error));
  }

  function addFiles(files: FileList | File[]) {
    for (const file of Array.from(files)) {
      const key = `${file.name}-${Math.random()}`;
      const fail = (error: string) => {
        setUploads((u) => u.map((x) => (x.key === key ? { ...x, error } : x)));
        settle(key, { failed: true });
      };
      queue.current = [...queue.current, { key }];
      setUploads((u) => [...u, { key, name: file.name, progress: 0 }]);
      // A phone's 12-megapixel photo is made fit here first (at most 4096 px, upright).
      void fitPhoto(file)
        .then((fitted) => {
          if (fitted.size > IMAGE_MAX_BYTES) throw new Error(IMAGE_ERRORS.size);
          return uploadFile(fitted, (p) =>
            setUploads((u) => u.map((x) => (x.key === key ? { ...x, progress: p } : x))),
          );
        })
        .then((image) => settle(key, { result: image }))
        .catch((error: Error) => fail(error.message));
    }
  }

  async function describe(image: FormImage, alt: string) {
    setImages((list) => list.map((i) => (i.id === image.id ? { ...i, alt } : i)));
    try {
      await api(`/api/media/${image.id}/`, { method: 'PATCH', body: { alt } });
    } catch (error) {
      setUploads((u) => [
        ...u,
        {
          key: `alt-${image.id}`,
          name: 'Texto alternativo',
          progress: 1,
          error: serverMessage(error) ?? 'No pudimos guardar el texto alternativo.',
        },
      ]);
    }
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    if (event.dataTransfer.files.length) addFiles(event.dataTransfer.files);
  }

  const hidden = (
    <input
      ref={field}
      type="hidden"
      name="images"
      value={ids}
      data-images={JSON.stringify(images)}
    />
  );
  if (!hydrated) {
    // Before hydration (or without JavaScript): the photos so far, and a file input posted with the form.
    return (
      <fieldset>
        <legend className="field-label">Imágenes</legend>
        {hidden}
        <p className="mb-3 flex flex-wrap gap-2">
          {images.map((image, index) => (
            <img
              key={image.id}
              src={image.url}
              alt={image.alt || `Imagen ${index + 1}`}
              width={96}
              height={96}
              className="size-24 rounded-md bg-ink-100 object-cover"
            />
          ))}
        </p>
        <label className="block text-sm font-medium text-ink-700">
          Agregar imágenes
          <input
            type="file"
            name={fileField}
            accept={ACCEPT}
            multiple
            className="field-input mt-1 py-2"
          />
        </label>
        <p className="field-hint">
          JPEG, PNG, WebP o AVIF. Se suben al guardar el producto (hasta 10 MB cada una).
        </p>
      </fieldset>
    );
  }
  return (
    <fieldset>
      <legend className="field-label">Imágenes</legend>
      {hidden}
      {images.length > 0 && (
        <>
          <ol className="mb-3 grid gap-3 sm:grid-cols-2">
            {images.map((image, index) => (
              <ProductImageCard
                key={image.id}
                image={image}
                index={index}
                count={images.length}
                dragged={dragged === index}
                onMove={(to) => setImages((list) => moveItem(list, index, to))}
                onRemove={() => setImages((list) => list.filter((i) => i.id !== image.id))}
                onDescribe={(alt) => void describe(image, alt)}
                onDragStart={() => setDragged(index)}
                onDropHere={() => {
                  if (dragged !== null) setImages((list) => moveItem(list, dragged, index));
                  setDragged(null);
                }}
              />
            ))}
          </ol>
          {images.length > 1 && (
            <p className="-mt-1 mb-3 text-xs text-ink-600">
              La primera es la imagen principal. Arrastra las fotos o usa los botones para
              ordenarlas.
            </p>
          )}
        </>
      )}
      {uploads.length > 0 && (
        <ul className="mb-3 space-y-2" aria-live="polite">
          {uploads.map((u) => (
            <li
              key={u.key}
              className="rounded-(--radius-control) border border-ink-200 bg-white p-3 text-sm"
            >
              <div className="flex items-center justify-between gap-2">
                <span className="truncate font-medium">{u.name}</span>
                {!u.error && u.progress >= 1 && (
                  <span className="shrink-0 text-xs text-ink-600">Procesando…</span>
                )}
                {u.error && (
                  <button
                    type="button"
                    className="text-xs font-semibold text-ink-600 underline"
                    onClick={() => setUploads((list) => list.filter((x) => x.key !== u.key))}
                  >
                    Cerrar
                  </button>
                )}
              </div>
              {u.error ? (
                <p className="field-error mt-1" role="alert">
                  {u.error}
                </p>
              ) : (
                <div
                  className="mt-2 h-2 rounded-full bg-ink-100"
                  role="progressbar"
                  aria-label={`${u.progress >= 1 ? 'Procesando' : 'Subiendo'} ${u.name}`}
                  aria-valuemin={0}
                  aria-valuemax={100}
                  aria-valuenow={Math.round(u.progress * 100)}
                >
                  <div
                    className="h-2 rounded-full bg-brand-600 transition-all"
                    style={{ width: `${Math.round(u.progress * 100)}%` }}
                  />
                </div>
              )}
            </li>
          ))}
        </ul>
      )}
      {images.length < IMAGES_PER_PRODUCT && (
        <div
          onDragOver={(e) => {
            e.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={classes(
            'rounded-(--radius-control) border-2 border-dashed p-5 text-center text-sm',
            dragging ? 'border-brand-500 bg-brand-50' : 'border-ink-200 bg-ink-50',
          )}
        >
          <p className="text-ink-600">Arrastra tus fotos aquí o</p>
          <button
            type="button"
            className="btn-secondary mt-2"
            onClick={() => input.current?.click()}
          >
            Elegir imágenes
          </button>
          <p className="mt-2 text-xs text-ink-500">
            JPEG, PNG, WebP o AVIF, hasta 10 MB cada una. Hasta {IMAGES_PER_PRODUCT} imágenes.
          </p>
          <input
            ref={input}
            type="file"
            accept={ACCEPT}
            multiple
            className="sr-only"
            aria-label="Elegir imágenes"
            onChange={(e) => {
              if (e.target.files) addFiles(e.target.files);
              e.target.value = '';
            }}
          />
        </div>
      )}
    </fieldset>
  );
}

export default withIslandBoundary(ProductImages);
