/** The formation chat reads activities as the form does: real codes, or words to pick from. */
import { beforeAll, describe, expect, it } from 'vitest';
import { buildIndex, loadActivities, type SearchIndex } from '@/lib/chile/activities';
import { answerError, chatQuestions } from '@/lib/formation/chat';
import { readActivityAnswer } from '@/lib/formation/chat-activities';
import { checkCompanyName } from '@/lib/formation/names';
import { blankPartner, defaultDraft, type EirlDraft } from '@/lib/formation/draft';
import { companyNameOwner } from '@/lib/formation/validation';

let index: SearchIndex;
beforeAll(async () => {
  index = buildIndex(await loadActivities());
});

describe('the chat’s activities', () => {
  it('takes codes on the SII’s list, and refuses one that is not', () => {
    expect(readActivityAnswer(index, '107100, 472101')).toEqual({ codes: ['107100', '472101'] });
    expect(readActivityAnswer(index, '999999')).toEqual({
      error: expect.stringContaining('El código 999999 no está en la lista de actividades del SII'),
    });
  });

  it('searches words, as the form does, and offers what it finds to pick from', () => {
    const read = readActivityAnswer(index, 'panadería');
    expect('choices' in read && read.choices.map((c) => c.value)).toContain('107100');
    expect(readActivityAnswer(index, 'zzzzqqq')).toMatchObject({
      error: expect.stringContaining('No encontramos actividades del SII'),
    });
  });
});

describe('the chat’s EIRL name', () => {
  it('accepts the name it suggests itself, with the owner in it', () => {
    const draft: EirlDraft = {
      ...defaultDraft('eirl'),
      personalInfo: { ...blankPartner(), nombre: 'Rosa', primerApellido: 'Díaz' },
    };
    const suggestion = checkCompanyName(
      'eirl',
      'Panadería',
      companyNameOwner('eirl', draft),
    ).suggestion!;
    expect(suggestion).toMatch(/Rosa Díaz/);
    const question = chatQuestions('eirl', draft, []).find((q) => q.id === 'companyName')!;
    expect(answerError('eirl', draft, question, suggestion)).toBeUndefined();
  });
});
