/**
 * A phone's 12-megapixel photo over 10 MB goes with the product form as it is, before or without
 * JavaScript (issue 46, item 6): up to 25 MB a photo. (With JavaScript the browser makes it fit
 * first: tests/e2e/shop.)
 */
import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers();

/** A 4000 × 3000 JPEG of noise: as heavy as the sharpest phone photo. */
const heavyPhoto = () =>
  sharp(randomBytes(4000 * 3000 * 3), { raw: { width: 4000, height: 3000, channels: 3 } })
    .jpeg({ quality: 95 })
    .toBuffer();

describe.each(servers)('a phone photo with the product form on $kind', ({ url }) => {
  it('takes a 12-megapixel photo over 10 MB, and refuses one over 25 MB in Spanish', async () => {
    const photo = await heavyPhoto();
    expect(photo.length).toBeGreaterThan(10 * 1024 * 1024);
    const { token } = await new ApiClient(url).register();
    const post = (file: Buffer, name: string) => {
      const form = new FormData();
      form.set('name', name);
      form.set('price', '12.990');
      form.set('published', 'on');
      form.append(
        'new_images',
        new Blob([new Uint8Array(file)], { type: 'image/jpeg' }),
        'IMG_2041.jpg',
      );
      return fetch(`${url}/productos/nuevo`, {
        method: 'POST',
        redirect: 'manual',
        headers: { Origin: url, Cookie: `impulsa_session=${token}` },
        body: form,
      });
    };
    const made = await post(photo, 'Torta de la foto');
    expect(made.status).toBe(303);
    const id = Number(/\/productos\/(\d+)/.exec(made.headers.get('location') ?? '')?.[1]);
    const product = (await new ApiClient(url).get(`/api/products/${id}/`, { token })).body;
    expect(product.images).toHaveLength(1);
    expect(product.images[0].width).toBeGreaterThan(0);

    const tooHeavy = await post(
      Buffer.concat([
        photo,
        photo,
        Buffer.alloc(
          26 * 1024 * 1024 - 2 * photo.length > 0 ? 26 * 1024 * 1024 - 2 * photo.length : 0,
        ),
      ]),
      'Demasiado',
    );
    expect(tooHeavy.status).toBe(400);
    expect(await tooHeavy.text()).toContain('La foto pesa más de 25 MB');
  }, 60_000);
});
