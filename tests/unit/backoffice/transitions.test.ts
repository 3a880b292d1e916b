/** The back office's status machine: which moves exist, and what each move needs. */
import { describe, expect, it } from 'vitest';
import { canMove, moveSchema } from '@/lib/backoffice/transitions';

describe('the status machine', () => {
  it('goes forward one step at a time; constituida and rechazada are final', () => {
    expect(canMove('enviado', 'en-revision')).toBe(true);
    expect(canMove('enviado', 'constituida')).toBe(false);
    expect(canMove('en-revision', 'observado')).toBe(true);
    expect(canMove('observado', 'en-revision')).toBe(true);
    expect(canMove('en-notaria', 'constituida')).toBe(true);
    expect(canMove('en-notaria', 'rechazada')).toBe(false);
    expect(canMove('constituida', 'observado')).toBe(false);
    expect(canMove('rechazada', 'en-revision')).toBe(false);
    expect(canMove('desconocido', 'en-revision')).toBe(false);
  });

  it('asks an observation for its note and fields, a rejection for its reason', () => {
    const errors = (input: Record<string, unknown>) =>
      moveSchema.safeParse({ version: 1, ...input }).error?.flatten().fieldErrors ?? {};
    expect(errors({ status: 'observado' })).toEqual({
      note: ['Escribe qué hay que corregir: se lo enviamos a la persona.'],
      fields: ['Nombra al menos un campo a corregir.'],
    });
    expect(errors({ status: 'rechazada' })).toEqual({
      note: ['Escribe el motivo del rechazo: se lo enviamos a la persona.'],
    });
    expect(errors({ status: 'en-revision' })).toEqual({});
    expect(
      moveSchema.parse({
        status: 'observado',
        note: ' Giro ',
        fields: 'businessDescription, capital',
        version: '2',
      }),
    ).toMatchObject({ note: 'Giro', fields: ['businessDescription', 'capital'], version: 2 });
    expect(errors({ status: 'observado', note: 'x', fields: 'Giro' }).fields).toEqual([
      'Elige los campos de la lista.',
    ]);
  });

  it('constituida needs a valid RUT (written the Chilean way), a date and the reference', () => {
    expect(
      moveSchema.parse({
        status: 'constituida',
        rut: '761234560',
        constituted_on: '2026-11-25',
        registry_reference: 'RES-1',
        version: 5,
      }),
    ).toMatchObject({ rut: '76.123.456-0' });
    expect(
      Object.keys(
        moveSchema
          .safeParse({ status: 'constituida', rut: '76.123.456-1', version: 5 })
          .error!.flatten().fieldErrors,
      ),
    ).toEqual(['rut', 'constituted_on', 'registry_reference']);
  });

  it('a constitution date cannot be in the future', () => {
    const constituted = (constituted_on: string) =>
      moveSchema
        .safeParse({
          version: 1,
          status: 'constituida',
          rut: '77.123.456-7',
          registry_reference: 'RES-2026-1',
          constituted_on,
        })
        .error?.flatten().fieldErrors.constituted_on;
    expect(constituted('2099-01-01')).toEqual(['La fecha de constitución no puede ser futura.']);
    expect(constituted('2026-11-20')).toBeUndefined();
  });
});
