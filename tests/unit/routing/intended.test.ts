import { describe, expect, it } from 'vitest';
import { safeIntendedPath } from '@/lib/routing/intended';

describe('safeIntendedPath', () => {
  it.each([
    ['/perfil', '/perfil'],
    ['/productos?page=2', '/productos?page=2'],
    ['/modelo-de-negocio/spa/02-domicilios', '/modelo-de-negocio/spa/02-domicilios'],
    ['/canvas/1/seccion/canales?x=%2F', '/canvas/1/seccion/canales?x=%2F'],
    // Normalised as the browser would, and then checked.
    ['/./perfil', '/perfil'],
    ['/canvas/../perfil', '/perfil'],
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
    // Normalisation bypasses: harmless-looking raw values that become `//evil.com` once normalised.
    '/.//evil.com',
    '/./\\evil.com',
    '/..//evil.com',
    '/a/..//evil.com',
    '/%2e//evil.com',
    '/%2E%2E//evil.com',
    '/\t/evil.com',
    '/%09/evil.com',
    '/%2F%5Cevil.com',
    '/%5C%5Cevil.com',
    '/\u0000/evil.com',
  ])('drops %s', (raw) => expect(safeIntendedPath(raw as string)).toBeNull());
});
