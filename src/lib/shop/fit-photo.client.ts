/**
 * A phone's photo made fit to upload, in the browser: at most `PHOTO_MAX_EDGE` pixels on its long
 * side, turned upright as the camera took it (EXIF), as a JPEG. A 12-megapixel photo of 10 MB or
 * more leaves at some 2–4 MB; one that is already small, or that this browser cannot draw (a
 * format it does not decode), goes as it is and the server decides.
 */
export const PHOTO_MAX_EDGE = 4096;
/** Below this a photo goes untouched (unless it is larger than the edge). */
const SMALL_BYTES = 4 * 1024 * 1024;

export async function fitPhoto(file: File): Promise<File> {
  if (!/^image\/(jpeg|png|webp)$/.test(file.type) || typeof createImageBitmap !== 'function')
    return file;
  let bitmap: ImageBitmap;
  try {
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return file;
  }
  try {
    const scale = Math.min(1, PHOTO_MAX_EDGE / Math.max(bitmap.width, bitmap.height));
    if (scale === 1 && file.size <= SMALL_BYTES) return file;
    const width = Math.round(bitmap.width * scale);
    const height = Math.round(bitmap.height * scale);
    const canvas = document.createElement('canvas');
    canvas.width = width;
    canvas.height = height;
    canvas.getContext('2d')!.drawImage(bitmap, 0, 0, width, height);
    const blob = await new Promise<Blob | null>((resolve) =>
      canvas.toBlob(resolve, 'image/jpeg', 0.88),
    );
    if (!blob || blob.size >= file.size) return file;
    return new File([blob], file.name.replace(/\.\w+$/, '') + '.jpg', { type: 'image/jpeg' });
  } finally {
    bitmap.close();
  }
}
