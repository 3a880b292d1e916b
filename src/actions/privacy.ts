/**
 * The analytics choice (issue 48): the banner, the footer's «Preferencias de privacidad» and
 * /perfil post here. Public: a visitor decides before having an account.
 */
import { formAction } from '@/lib/server/http/action';
import { getDb } from '@/lib/server/db/client';
import { safeIntendedPath } from '@/lib/routing/intended';
import { saveAccountConsent, setConsentCookie } from '@/lib/accounts/consent.server';
import { z } from '@/lib/zod';

const choice = z.object({
  analitica: z.enum(['si', 'no'], { error: 'Elige si aceptas o rechazas la analítica.' }),
  volver: z.string().optional(),
});

export const privacy = {
  setAnalytics: formAction(
    choice,
    {},
    async ({ analitica, volver }, context) => {
      const granted = analitica === 'si';
      setConsentCookie(context.cookies, context.url, granted);
      const user = context.locals.user;
      if (user) await saveAccountConsent(await getDb(), user.id, granted);
      return {
        granted,
        back: safeIntendedPath(volver),
        title: granted ? 'Gracias por ayudarnos a mejorar' : 'Listo, no mediremos tu uso',
      };
    },
    { public: true },
  ),
};
