/**
 * The formation's forms (docs/spec.md §2–§4): the quick start on `/` (public: the company waits in
 * its cookie until the person signs in), a company's correction while observed, the shop
 * selling as the constituted company or not, and the day it started activities at the SII.
 */
import { formAction, rowIdField } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import { getDb } from '@/lib/server/db/client';
import { COMPANY_NOT_FOUND } from '@/lib/formation/companies.server';
import { correctionSchema, formToPayload } from '@/lib/formation/corrections';
import { correctCompany } from '@/lib/backoffice/corrections.server';
import {
  encodeQuickStart,
  QUICK_START_COOKIE,
  QUICK_START_MAX_AGE,
  quickStartPath,
} from '@/lib/formation/quick-start';
import { quickStartSchema } from '@/lib/formation/quick-start.server';
import { sellAsCompany, sellAsSeller } from '@/lib/shop/legal-entity.server';
import { recordTaxStart } from '@/lib/formation/tax-start.server';
import { formatDay } from '@/lib/dates';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

const company = { company: rowIdField(COMPANY_NOT_FOUND) };
const STORE_NOTE =
  'Lo verás en tus comprobantes, en los correos a tus clientes y en cada página de tu tienda.';

export const formation = {
  /** Where the formation flow starts for the type chosen; the name rides in its cookie. */
  quickStart: formAction(
    quickStartSchema,
    {},
    ({ companyName: name, type }, context) => {
      context.cookies.set(QUICK_START_COOKIE, encodeQuickStart({ name, type }), {
        path: '/',
        maxAge: QUICK_START_MAX_AGE,
        sameSite: 'lax',
      });
      return { to: quickStartPath(type) };
    },
    { public: true },
  ),
  correct: formAction(
    correctionSchema,
    company,
    async ({ company, version, ...typed }, context) => {
      await correctCompany(
        await getDb(),
        requireUser(context.locals).id,
        company,
        version,
        formToPayload(typed as Record<string, string>),
      );
      return {
        title: 'Enviamos tus correcciones',
        description: 'Tu solicitud volvió a revisión; te avisaremos por correo.',
      } satisfies Toast;
    },
  ),
  sellAsCompany: formAction(z.object({}), company, async ({ company }, context): Promise<Toast> => {
    await sellAsCompany(await getDb(), requireUser(context.locals).id, company);
    return { title: 'Tu tienda vende como tu empresa', description: STORE_NOTE };
  }),
  sellAsSeller: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
    await sellAsSeller(await getDb(), requireUser(context.locals).id);
    return { title: 'Tu tienda ya no muestra tu empresa', description: STORE_NOTE };
  }),
  /** The day the constituted company started activities at the SII (checked by the service). */
  recordTaxStart: formAction(
    z.object({ started_on: z.string() }),
    company,
    async ({ company, started_on }, context): Promise<Toast> => {
      const recorded = await recordTaxStart(
        await getDb(),
        requireUser(context.locals).id,
        company,
        { started_on },
      );
      return {
        title: 'Inicio de actividades anotado',
        description:
          `Tu empresa inició actividades el ${formatDay(recorded.started_on)}. ` +
          'Ya puedes conectar un medio de pago y emitir boletas.',
      };
    },
  ),
};
