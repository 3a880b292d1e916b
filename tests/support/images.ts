/** Test images: real ones made with sharp, and hostile files made byte by byte. */
import { crc32 } from 'node:zlib';
import sharp from 'sharp';

/** A `width`×`height` photo-like JPEG (a gradient), optionally with EXIF orientation and GPS. */
export async function jpeg(
  width: number,
  height: number,
  options: { orientation?: number; gps?: boolean } = {},
): Promise<Buffer> {
  const raw = Buffer.alloc(width * height * 3);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++)
      raw.set([(x * 255) / width, (y * 255) / height, 120], (y * width + x) * 3);
  let image = sharp(raw, { raw: { width, height, channels: 3 } }).jpeg({ quality: 85 });
  if (options.gps)
    image = image.withExif({
      IFD0: { Make: 'Telefono' },
      IFD3: { GPSLatitudeRef: 'S', GPSLatitude: '33/1 27/1 0/1' },
    });
  if (options.orientation) image = image.withMetadata({ orientation: options.orientation });
  return image.toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A PNG whose header claims `width`×`height` (a decompression bomb: tiny file, huge image). */
export function pngClaiming(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr.set([8, 0, 0, 0, 0], 8);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

export const SVG_WITH_SCRIPT = Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10">' +
    '<script>alert(1)</script><rect width="10" height="10"/></svg>',
);
export const TEXT_AS_JPG = Buffer.from('esto no es una imagen, solo texto con nombre .jpg\n');

/** Posts `bytes` to `POST /api/media/` as a browser form would. */
export async function upload(
  base: string,
  token: string,
  bytes: Buffer,
  name: string,
  type: string,
  alt = '',
): Promise<{ status: number; body: any }> {
  const form = new FormData();
  form.set('file', new Blob([new Uint8Array(bytes)], { type }), name);
  if (alt) form.set('alt', alt);
  const res = await fetch(`${base}/api/media/`, {
    method: 'POST',
    headers: { Authorization: `Token ${token}`, Origin: base },
    body: form,
  });
  return { status: res.status, body: await res.json() };
}
