/** Uploads to the seller's image library from the browser (product photos, site images). */
import { IMAGE_ERRORS } from '@/lib/shop/images';
import { unauthorized } from '@/lib/api';

/** What `POST /api/media/` answers (the library's `MediaView`). */
export interface UploadedMedia {
  id: number;
  url: string;
  width: number;
  height: number;
  alt: string;
  variants: { url: string; format: string; width: number; height: number }[];
}

export const IMAGE_ACCEPT = 'image/jpeg,image/png,image/webp,image/avif';

/**
 * Uploads one file to `POST /api/media/` with progress (fetch has none for uploads: XHR); rejects
 * with a Spanish message.
 */
export function uploadMedia(
  file: File,
  onProgress: (share: number) => void = () => {},
): Promise<UploadedMedia> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', '/api/media/');
    xhr.withCredentials = true;
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      let body: { message?: string } & Partial<UploadedMedia> = {};
      try {
        body = JSON.parse(xhr.responseText) as typeof body;
      } catch {
        /* not JSON */
      }
      if (xhr.status === 401) {
        unauthorized();
        return reject(new Error('Tu sesión terminó. Ingresa de nuevo para subir imágenes.'));
      }
      if (xhr.status === 201)
        resolve({
          id: body.id!,
          url: body.url!,
          width: body.width ?? 0,
          height: body.height ?? 0,
          alt: body.alt ?? '',
          variants: body.variants ?? [],
        });
      else
        reject(
          new Error(
            body.message ??
              (xhr.status === 413
                ? IMAGE_ERRORS.size
                : 'No pudimos subir la imagen. Inténtalo de nuevo.'),
          ),
        );
    };
    xhr.onerror = () =>
      reject(new Error('Sin conexión: la imagen no se subió. Inténtalo de nuevo.'));
    const form = new FormData();
    form.set('file', file);
    xhr.send(form);
  });
}
