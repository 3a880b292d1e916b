import { describe, expect, it } from 'vitest';
import { loginSchema, registerSchema } from '@/lib/accounts/schemas';

describe('account schemas', () => {
  it('normalises the email and accepts any Unicode password of 8 to 256 characters', () => {
    const parsed = registerSchema.parse({
      email: '  Ana@Correo.CL ',
      password: 'ñandú🇨🇱añejo',
      full_name: ' Ana Pérez ',
    });
    expect(parsed).toEqual({
      email: 'ana@correo.cl',
      password: 'ñandú🇨🇱añejo',
      full_name: 'Ana Pérez',
    });
    expect(
      registerSchema.safeParse({ email: 'a@b.cl', password: '🙂'.repeat(8), full_name: 'Ana' })
        .success,
    ).toBe(true);
    expect(
      registerSchema.safeParse({ email: 'a@b.cl', password: '🙂'.repeat(7), full_name: 'Ana' })
        .success,
    ).toBe(false);
    expect(
      registerSchema.safeParse({ email: 'a@b.cl', password: 'x'.repeat(256), full_name: 'Ana' })
        .success,
    ).toBe(true);
    expect(
      registerSchema.safeParse({ email: 'a@b.cl', password: 'x'.repeat(257), full_name: 'Ana' })
        .success,
    ).toBe(false);
  });

  it('explains errors in Spanish', () => {
    const result = registerSchema.safeParse({
      email: 'no-es-correo',
      password: 'corta',
      full_name: '',
    });
    expect(result.success).toBe(false);
    const messages = result.error!.issues.map((i) => i.message).join(' ');
    expect(messages).toMatch(/correo válido/);
    expect(messages).toMatch(/al menos 8 caracteres/);
    expect(messages).toMatch(/nombre/);
    expect(loginSchema.safeParse({ email: 'a@b.cl' }).error!.issues[0]!.message).toBe(
      'Escribe tu contraseña.',
    );
  });
});
