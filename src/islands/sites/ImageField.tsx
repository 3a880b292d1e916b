import { useStore } from '@nanostores/react';
import { useId, useState } from 'react';
import { IMAGE_ERRORS, IMAGE_MAX_BYTES } from '@/lib/shop/images';
import { fitPhoto } from '@/lib/shop/fit-photo.client';
import { IMAGE_ACCEPT, uploadMedia } from '@/lib/shop/media.client';
import { $library, addToLibrary, libraryImage } from '@/lib/sites/library.client';

/**
 * Puck's custom field for an image prop: the chosen image, the seller's library to pick from,
 * and an upload that goes to the library (`POST /api/media/`) and is chosen at once.
 */
export function ImageField({
  label,
  value,
  onChange,
  readOnly,
}: {
  label: string;
  value: number | null | undefined;
  onChange: (id: number | null) => void;
  readOnly?: boolean;
}) {
  const library = useStore($library);
  const id = useId();
  const [busy, setBusy] = useState<number | null>(null);
  const [error, setError] = useState('');
  const chosen = library.find((i) => i.id === value);

  async function upload(picked: File) {
    setError('');
    const file = await fitPhoto(picked);
    if (file.size > IMAGE_MAX_BYTES) return setError(IMAGE_ERRORS.size);
    setBusy(0);
    try {
      const image = libraryImage(await uploadMedia(file, (share) => setBusy(share)));
      addToLibrary(image);
      onChange(image.id);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }

  return (
    <div className="grid gap-2 text-sm" role="group" aria-labelledby={`${id}-label`}>
      <span id={`${id}-label`} className="font-semibold text-ink-800">
        {label}
      </span>
      <div className="flex items-center gap-3">
        {chosen ? (
          <img
            src={chosen.src}
            alt=""
            width={64}
            height={64}
            className="size-16 rounded-md border border-ink-200 object-cover"
          />
        ) : (
          <span
            className="flex size-16 items-center justify-center rounded-md border border-dashed
            border-ink-300 text-xs text-ink-500"
          >
            Sin imagen
          </span>
        )}
        {value ? (
          <button
            type="button"
            className="btn-ghost min-h-9 px-2 text-sm"
            onClick={() => onChange(null)}
            disabled={readOnly}
          >
            Quitar
          </button>
        ) : null}
      </div>
      <label className="btn-secondary min-h-9 cursor-pointer px-3 text-sm has-focus-visible:outline-2">
        {busy === null ? 'Subir imagen' : `Subiendo… ${Math.round(busy * 100)} %`}
        <input
          type="file"
          accept={IMAGE_ACCEPT}
          className="sr-only"
          disabled={readOnly || busy !== null}
          onChange={(e) => {
            const file = e.target.files?.[0];
            e.target.value = '';
            if (file) void upload(file);
          }}
        />
      </label>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {library.length > 0 && (
        <div>
          <p className="text-xs text-ink-600">O elige de tu biblioteca:</p>
          <ul
            className="mt-1 grid max-h-48 grid-cols-4 gap-1.5 overflow-y-auto"
            aria-label="Tu biblioteca de imágenes"
          >
            {library.map((image) => (
              <li key={image.id}>
                <button
                  type="button"
                  aria-pressed={image.id === value}
                  aria-label={image.alt || `Imagen ${image.id}`}
                  className="block w-full overflow-hidden rounded-md border border-ink-200
                    aria-pressed:ring-2 aria-pressed:ring-brand-600"
                  onClick={() => onChange(image.id)}
                  disabled={readOnly}
                >
                  <img
                    src={image.src}
                    alt=""
                    width={56}
                    height={56}
                    loading="lazy"
                    className="aspect-square w-full object-cover"
                  />
                </button>
              </li>
            ))}
          </ul>
        </div>
      )}
    </div>
  );
}
