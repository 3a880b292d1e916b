/**
 * A property over every endpoint of the API (issue 9): whatever arrives (any method, odd ids,
 * malformed or hostile bodies and queries, with or without a session), the answer is never a
 * 5xx. The endpoints are read from `src/pages/api`, so a new one is covered the day it lands.
 */
import fs from 'node:fs';
import path from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../support/http';
import { claimServers } from '../../support/claims';

const servers = claimServers({ bothEngines: true });
const API_DIR = path.resolve('src/pages/api');
const RUNS = Number(process.env.PROPERTY_RUNS ?? 25);

/** Every endpoint file as a path template (`/api/canvases/[id]/sections/[section]/`). */
function endpointTemplates(dir = API_DIR, prefix = '/api'): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (entry.isDirectory())
      return endpointTemplates(path.join(dir, entry.name), `${prefix}/${entry.name}`);
    if (!/\.ts$/.test(entry.name)) return [];
    const name = entry.name.replace(/\.ts$/, '');
    return [name === 'index' ? `${prefix}/` : `${prefix}/${name}/`];
  });
}

const TEMPLATES = endpointTemplates();

/** Path segments that probe parsing: numbers in and out of range, words, encodings, traversal. */
const segment = (owned: string[]) =>
  fc.oneof(
    fc.constantFrom(...owned),
    fc.integer({ min: -5, max: 5 }).map(String),
    fc.constantFrom(
      '2147483647',
      '2147483648',
      '99999999999999999999',
      '1e3',
      '0x10',
      '-0',
      '1.5',
      ' 1',
      '%00',
      '%2e%2e',
      '..',
      'ñandú',
      '%F0%9F%98%80',
      '%ud800',
    ),
    fc.string({ maxLength: 12 }).map(encodeURIComponent),
  );

/** Bodies: valid-looking JSON of every shape, strings PostgreSQL refuses, raw garbage. */
const body = fc.oneof(
  fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
  fc
    .dictionary(
      fc.constantFrom(
        'title',
        'description',
        'full_name',
        'email',
        'password',
        'notes',
        'version',
        'data',
        'edited_at',
        'type',
        'voplan',
        'token',
        'new_password',
        'current_password',
        'page',
        'companyName',
      ),
      fc.oneof(
        fc.string(),
        fc.integer(),
        fc.double(),
        fc.constant(2 ** 40),
        fc.constant('\u0000'),
        fc.constant(null),
        fc.array(fc.string(), { maxLength: 3 }),
        fc.jsonValue({ maxDepth: 2 }),
      ),
    )
    .map((v) => JSON.stringify(v)),
  fc.constantFrom(
    '{"data":{"x":"\\ud800"}}',
    `{"data":${'['.repeat(3000)}${']'.repeat(3000)}}`,
    '{',
    '',
    'null',
    '[]',
    '"x"',
    '\u0000',
  ),
  fc.string({ maxLength: 40 }),
);

const query = fc.oneof(
  fc.constant(''),
  fc.constantFrom(
    '?page=0',
    '?page=-1',
    '?page=99999999999',
    '?page=x',
    '?page_size=100000',
    '?q=%00',
    '?page=1&page=2',
  ),
  fc.string({ maxLength: 12 }).map((s) => `?${encodeURIComponent(s)}=${encodeURIComponent(s)}`),
);

describe.each(servers)('no 5xx from any API endpoint on $kind', ({ url }) => {
  it(
    `${TEMPLATES.length} endpoints × ${RUNS} runs: never a 5xx`,
    { timeout: 240_000 },
    async () => {
      expect(TEMPLATES).toContain('/api/canvases/[id]/sections/[section]/');
      const api = new ApiClient(url);
      const { token } = await api.register();
      // Something of the person's own to aim at, so requests reach past the ownership check.
      const canvas = await api.post('/api/canvases/', { title: 'Propiedad' }, { token });
      // Sign-out and password changes end sessions: they get an account of their own.
      const spare = await new ApiClient(url).register();
      const owned = [
        String(canvas.body.id),
        'spa',
        'ltda',
        'eirl',
        'canales',
        'propuesta-de-valor',
      ];

      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...TEMPLATES),
          fc.array(segment(owned), { minLength: 4, maxLength: 4 }),
          fc.constantFrom('GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS'),
          body,
          query,
          fc.constantFrom(
            'application/json',
            'application/x-www-form-urlencoded',
            'text/plain',
            'multipart/form-data; boundary=x',
          ),
          fc.constantFrom('own', 'none', 'bogus'),
          async (template, segments, method, payload, search, contentType, who) => {
            let i = 0;
            const target =
              template.replace(/\[(?:\.\.\.)?[a-z]+\]/g, () => segments[i++]!) + search;
            const ending = /logout|change-password|reset-password/.test(template);
            const credential =
              who === 'own'
                ? ending
                  ? spare.token
                  : token
                : who === 'bogus'
                  ? 'x'.repeat(40)
                  : undefined;
            const res = await fetch(url + target, {
              method,
              redirect: 'manual',
              headers: {
                'Content-Type': contentType,
                Origin: url,
                'X-Forwarded-For': api.ip,
                ...(credential ? { Authorization: `Token ${credential}` } : {}),
              },
              body: method === 'GET' || method === 'OPTIONS' ? undefined : payload,
            });
            const text = await res.text();
            if (res.status >= 500)
              throw new Error(
                `${method} ${target} (${contentType}) → ${res.status}: ${text.slice(0, 300)}\n` +
                  `body: ${payload.slice(0, 300)}`,
              );
          },
        ),
        { numRuns: RUNS * TEMPLATES.length },
      );
    },
  );

  it(
    'uploads of arbitrary bytes (some with an image signature) are a 201 or a Spanish 4xx, never a 5xx',
    { timeout: 120_000 },
    async () => {
      const { token } = await new ApiClient(url).register();
      const signatures = [
        [],
        [0xff, 0xd8, 0xff],
        [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a],
        [...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')],
        [...Buffer.from('\0\0\0\x1cftypavif')],
      ];
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom(...signatures),
          fc.uint8Array({ maxLength: 2048 }),
          fc.string({ maxLength: 300 }),
          async (signature, tail, alt) => {
            const form = new FormData();
            form.set('file', new Blob([new Uint8Array([...signature, ...tail])]), 'x.jpg');
            form.set('alt', alt);
            const res = await fetch(`${url}/api/media/`, {
              method: 'POST',
              headers: { Authorization: `Token ${token}`, Origin: url },
              body: form,
            });
            const body = (await res.json()) as { message?: string };
            if (res.status >= 500 || (res.status >= 400 && !body.message))
              throw new Error(`${res.status}: ${JSON.stringify(body)}`);
          },
        ),
        { numRuns: RUNS * 4 },
      );
    },
  );
});
