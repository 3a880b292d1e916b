import { describe, expect, it } from 'vitest';
import { BODY_LIMITS, readJson } from '@/lib/server/http/json';

const post = (
  body: BodyInit,
  headers: Record<string, string> = { 'content-type': 'application/json' },
) =>
  new Request('http://localhost/api/x/', {
    method: 'POST',
    body,
    headers,
    duplex: 'half',
  } as RequestInit);

function chunked(parts: number, size: number) {
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent++ >= parts) return controller.close();
      controller.enqueue(new Uint8Array(size).fill(0x20));
    },
  });
}

describe('readJson', () => {
  it('parses JSON', async () => {
    expect(await readJson(post('{"a":1}'))).toEqual({ a: 1 });
  });

  it('caps: a declared length over the limit is 413 before reading', async () => {
    const req = post('{}', {
      'content-type': 'application/json',
      'content-length': String(BODY_LIMITS.auth + 1),
    });
    await expect(readJson(req, BODY_LIMITS.auth)).rejects.toMatchObject({ status: 413 });
  });

  it('caps: a streamed body is cut as soon as it passes the limit', async () => {
    await expect(readJson(post(chunked(200, 1024)), 100_000)).rejects.toMatchObject({
      status: 413,
    });
  });

  it('malformed JSON, a wrong type or an empty body is a 4xx with a Spanish message', async () => {
    await expect(readJson(post('{nope'))).rejects.toMatchObject({
      status: 400,
      message: 'El cuerpo de la solicitud no es JSON válido.',
    });
    await expect(
      readJson(post('a=1', { 'content-type': 'application/x-www-form-urlencoded' })),
    ).rejects.toMatchObject({ status: 415 });
    await expect(readJson(post(''))).rejects.toMatchObject({ status: 400 });
  });
});

describe('cleanJson: input hygiene for every JSON body', () => {
  it('removes NUL characters from keys and strings, at any depth', async () => {
    const { cleanJson } = await import('@/lib/server/http/json');
    expect(
      cleanJson({
        'ti\u0000tle': 'Pan\u0000adería',
        notes: [{ text: '\u0000a' }],
        n: 1,
        ok: true,
        none: null,
      }),
    ).toEqual({
      title: 'Panadería',
      notes: [{ text: 'a' }],
      n: 1,
      ok: true,
      none: null,
    });
  });

  it('refuses lone surrogates and deep nesting with a Spanish 400', async () => {
    const { cleanJson, MAX_JSON_DEPTH } = await import('@/lib/server/http/json');
    expect(() => cleanJson({ a: 'x\ud800y' })).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'El texto enviado tiene caracteres no válidos.',
      }),
    );
    expect(() => cleanJson({ ['\udc00']: 1 })).toThrow(expect.objectContaining({ status: 400 }));
    let deep: unknown = 'fondo';
    for (let i = 0; i < MAX_JSON_DEPTH + 1; i++) deep = [deep];
    expect(() => cleanJson(deep)).toThrow(
      expect.objectContaining({
        status: 400,
        message: 'El contenido enviado tiene demasiados niveles anidados.',
      }),
    );
    let fine: unknown = 'fondo';
    for (let i = 0; i < MAX_JSON_DEPTH - 1; i++) fine = [fine];
    expect(cleanJson(fine)).toEqual(fine);
  });
});

describe('a posted form', () => {
  it('joins a checkbox group (`name[]`) with commas; any other repeated name keeps its last value', async () => {
    const { postedForm } = await import('@/lib/server/http/form');
    const body = 'product_ids[]=3&product_ids[]=12&code=a&code=b&category_ids[]=7';
    const request = new Request('http://localhost/descuentos', {
      method: 'POST',
      body,
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        'content-length': String(body.length),
      },
    });
    const posted = await postedForm({ request, response: {} }, 10_000, async (fields) => fields);
    expect(posted).toEqual({
      ok: true,
      value: { product_ids: '3,12', code: 'b', category_ids: '7' },
    });
  });
});
