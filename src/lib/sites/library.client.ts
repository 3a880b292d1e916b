/**
 * The seller's images while they edit a site: what the Image and Hero fields offer and what the
 * canvas shows. One store, since Puck's fields and its canvas are separate React trees.
 */
import { atom } from 'nanostores';
import type { BlockImage } from '@/lib/sites/block-data';
import { srcset } from '@/lib/shop/images';
import type { UploadedMedia } from '@/lib/shop/media.client';

export interface LibraryImage extends BlockImage {
  id: number;
}

export const $library = atom<LibraryImage[]>([]);

export function libraryImage(m: UploadedMedia): LibraryImage {
  return {
    id: m.id,
    src: m.url,
    srcset: srcset(m.variants, 'webp'),
    width: m.width,
    height: m.height,
    alt: m.alt,
  };
}

/** Puts a just-uploaded image first. */
export function addToLibrary(image: LibraryImage): void {
  $library.set([image, ...$library.get().filter((i) => i.id !== image.id)]);
}
