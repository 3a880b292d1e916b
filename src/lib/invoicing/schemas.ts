/** What the seller sends to connect an invoicing account (pure: the API and the /boletas form). */
import { MAX_ID } from '@/lib/ids';
import { INVOICING_ENVIRONMENTS, INVOICING_PROVIDERS } from '@/lib/invoicing/provider';
import { z } from '@/lib/zod';

const version = z.coerce
  .number({ error: 'Falta la versión.' })
  .int('Versión no válida.')
  .min(0, 'Versión no válida.')
  .max(MAX_ID, 'Versión no válida.');

/** `PUT /api/store/invoicing/`: an empty key keeps the stored one. */
export const invoicingAccountSchema = z.object({
  provider: z.enum(INVOICING_PROVIDERS, { error: 'Elige OpenFactura.' }).default('openfactura'),
  api_key: z
    .string({ error: 'La llave (API key) debe ser texto.' })
    .trim()
    .max(200, 'La llave puede tener como máximo 200 caracteres.')
    .refine((v) => !/\s/.test(v), 'La llave no lleva espacios.')
    .optional()
    .default(''),
  environment: z.enum(INVOICING_ENVIRONMENTS, { error: 'Elige demo o producción.' }),
  version,
});
export type InvoicingAccountInput = z.infer<typeof invoicingAccountSchema>;

/** `DELETE /api/store/invoicing/`: the version the disconnection is based on. */
export const invoicingRemoveSchema = z.object({ version });

/** `POST /api/orders/{id}/documento/` and the order page's form: the folio the SII gave. */
export const recordFolioSchema = z.object({
  folio: z.coerce
    .number({ error: 'Escribe el folio: el número que el SII le dio a la boleta.' })
    .int('El folio es un número entero.')
    .min(1, 'Escribe el folio: el número que el SII le dio a la boleta.')
    .max(999_999_999, 'Ese folio es demasiado largo.'),
});
