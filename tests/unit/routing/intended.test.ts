import { describe, expect, it } from 'vitest';
import { safeIntendedPath } from '@/lib/routing/intended';

describe('safeIntendedPath', () => {
  it.each([
    ['/perfil', '/perfil'],
    ['/productos?page=2', '/productos?page=2'],
    ['/modelo-de-negocio/spa/02-domicilios', '/modelo-de-negocio/spa/02-domicilios'],
    ['/canvas/1/seccion/canales?x=%2F', '/canvas/1/seccion/canales?x=%2F'],
  ])('keeps %s', (raw, expected) => expect(safeIntendedPath(raw)).toBe(expected));

  it.each([
    '//evil.com',
    '//evil.com/perfil',
    '/\\evil.com',
    '\\\\evil.com',
    '%2F%2Fevil.com',
    '/%2Fevil.com',
    '/%5Cevil.com',
    '/%252F%252Fevil.com',
    'javascript:alert(1)',
    'JavaScript:alert(1)',
    ' /perfil',
    'https://evil.com',
    'evil.com',
    '/\tevil',
    '',
    null,
    undefined,
    '/%E0%A4%A',
  ])('drops %s', (raw) => expect(safeIntendedPath(raw as string)).toBeNull());
});
