import { describe, expect, it } from 'vitest';
import { initials } from '@/lib/accounts/user';

const of = (full_name: string, email = 'ana@ejemplo.cl') => initials({ full_name, email });

describe('avatar initials', () => {
  it('are the first name’s and the first surname’s, as Chilean names are written', () => {
    expect(of('Valentina Muñoz Rojas')).toBe('VM');
    expect(of('María José Soto Pérez')).toBe('MS');
    expect(of('Camila Soto')).toBe('CS');
    expect(of('ana araya')).toBe('AA');
    expect(of('Juan de la Fuente Soto')).toBe('JF');
    expect(of('Ñuble')).toBe('Ñ');
    expect(of('   ', 'zoe@ejemplo.cl')).toBe('Z');
  });
});
