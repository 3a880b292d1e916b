import type { DragEvent } from 'react';
import type { FormImage } from '@/lib/shop/product-draft.client';
import { classes } from '@/lib/class-names';

/**
 * One of the product's photos in the editor: its description for people who cannot see it, and
 * the moves (make it the main one, earlier, later, remove). It can also be dragged to its place.
 */
export function ProductImageCard({
  image,
  index,
  count,
  dragged,
  onMove,
  onRemove,
  onDescribe,
  onDragStart,
  onDropHere,
}: {
  image: FormImage;
  index: number;
  count: number;
  /** This card is the one being dragged. */
  dragged: boolean;
  onMove: (to: number) => void;
  onRemove: () => void;
  onDescribe: (alt: string) => void;
  onDragStart: () => void;
  onDropHere: () => void;
}) {
  const dragOver = (event: DragEvent) => {
    // Only a photo of this list, never files dragged in from the desktop.
    if (event.dataTransfer.types.includes('Files')) return;
    event.preventDefault();
    event.dataTransfer.dropEffect = 'move';
  };
  return (
    <li
      draggable
      onDragStart={(event) => {
        event.dataTransfer.effectAllowed = 'move';
        event.dataTransfer.setData('text/plain', String(index));
        onDragStart();
      }}
      onDragOver={dragOver}
      onDrop={(event) => {
        if (event.dataTransfer.types.includes('Files')) return;
        event.preventDefault();
        onDropHere();
      }}
      className={classes(
        'flex cursor-grab gap-3 rounded-(--radius-control) border bg-white p-2',
        dragged ? 'border-brand-500 opacity-60' : 'border-ink-200',
      )}
    >
      <img
        src={image.url}
        alt=""
        width={96}
        height={96}
        draggable={false}
        className="size-24 shrink-0 rounded-md bg-ink-100 object-cover"
      />
      <div className="min-w-0 flex-1 space-y-2">
        {index === 0 && <p className="text-xs font-semibold text-brand-700">Imagen principal</p>}
        <label className="block text-xs font-medium text-ink-700">
          Descripción para quien no la ve
          <input
            className="field-input mt-1 min-h-9 py-1 text-sm"
            defaultValue={image.alt}
            maxLength={250}
            placeholder="Ej.: torta de chocolate vista desde arriba"
            onBlur={(e) => e.target.value !== image.alt && onDescribe(e.target.value)}
          />
        </label>
        <div className="flex flex-wrap gap-1">
          {index > 0 && (
            <button
              type="button"
              className="btn-ghost min-h-8 px-2 text-xs"
              onClick={() => onMove(0)}
              aria-label={`Usar la imagen ${index + 1} como principal`}
            >
              ★ Principal
            </button>
          )}
          <button
            type="button"
            className="btn-ghost min-h-8 px-2 text-xs"
            disabled={index === 0}
            onClick={() => onMove(index - 1)}
            aria-label={`Mover la imagen ${index + 1} antes`}
          >
            ↑ Antes
          </button>
          <button
            type="button"
            className="btn-ghost min-h-8 px-2 text-xs"
            disabled={index === count - 1}
            onClick={() => onMove(index + 1)}
            aria-label={`Mover la imagen ${index + 1} después`}
          >
            ↓ Después
          </button>
          <button
            type="button"
            className="btn-ghost min-h-8 px-2 text-xs text-danger-700"
            onClick={onRemove}
            aria-label={`Quitar la imagen ${index + 1}`}
          >
            Quitar
          </button>
        </div>
      </div>
    </li>
  );
}
