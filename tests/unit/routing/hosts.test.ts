import { describe, expect, it } from 'vitest';
import { DEFAULT_MAIN_DOMAINS } from '@/lib/server/config';
import { hostnameOf, NO_SITE, resolveSite } from '@/lib/hosts';

describe('resolveSite (docs/spec.md §7)', () => {
  it.each([
    'impulsa.cl',
    'staging.impulsa.cl',
    'www.impulsa.cl',
    'impulsa.localhost',
    '127.0.0.1:4321',
    'localhost:4321',
    'LOCALHOST',
  ])('%s is the main app', (host) =>
    expect(resolveSite(host, DEFAULT_MAIN_DOMAINS).kind).toBe('main'),
  );

  it('a label before a main domain is a subdomain site', () => {
    expect(resolveSite('panaderia.impulsa.cl', DEFAULT_MAIN_DOMAINS)).toEqual({
      kind: 'subdomain',
      host: 'panaderia.impulsa.cl',
      value: 'panaderia',
    });
    expect(resolveSite('tienda.impulsa.localhost:4321', DEFAULT_MAIN_DOMAINS)).toMatchObject({
      kind: 'subdomain',
      value: 'tienda',
    });
    expect(resolveSite('a.staging.impulsa.cl', DEFAULT_MAIN_DOMAINS)).toMatchObject({
      kind: 'subdomain',
      value: 'a',
    });
  });

  it.each(['a.b.impulsa.cl', 'a.b.staging.impulsa.cl', 'x.panaderia.impulsa.cl'])(
    '%s, deeper than one label, names no site',
    (host) =>
      expect(resolveSite(host, DEFAULT_MAIN_DOMAINS)).toEqual({
        kind: 'subdomain',
        host,
        value: NO_SITE,
      }),
  );

  it('any other host is a custom site, by its full host name', () => {
    expect(resolveSite('www.panaderialasrosas.cl', DEFAULT_MAIN_DOMAINS)).toEqual({
      kind: 'custom',
      host: 'www.panaderialasrosas.cl',
      value: 'www.panaderialasrosas.cl',
    });
    expect(resolveSite('notimpulsa.cl', DEFAULT_MAIN_DOMAINS).kind).toBe('custom');
  });

  it('normalises the host header', () => {
    expect(hostnameOf('Example.CL.:8080')).toBe('example.cl');
    expect(hostnameOf('[::1]:4321')).toBe('[::1]');
  });
});
