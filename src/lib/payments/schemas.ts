/** What a seller sends to connect a redirect provider (`/cobros`, `PUT /api/store/payments/{provider}/`). */
import { z } from '@/lib/zod';
import { MAX_ID } from '@/lib/ids';

export const FLOW_ENVIRONMENTS = ['sandbox', 'production'] as const;
export type FlowEnvironmentName = (typeof FLOW_ENVIRONMENTS)[number];
export const FLOW_ENVIRONMENT_NAMES: Record<FlowEnvironmentName, string> = {
  sandbox: 'Sandbox (pruebas de Flow)',
  production: 'Producción (cobros reales)',
};

const version = z.coerce
  .number({ error: 'Falta la versión.' })
  .int('Versión no válida.')
  .min(0, 'Versión no válida.')
  .max(MAX_ID, 'Versión no válida.');

/**
 * Flow's two keys, from «Integraciones» in the seller's Flow account. An empty `secret_key` keeps
 * the stored one (it is never sent back to be edited).
 */
export const flowAccountSchema = z.object({
  api_key: z
    .string({ error: 'Escribe tu API key de Flow.' })
    .trim()
    .min(1, 'Escribe tu API key de Flow.')
    .max(100, 'La API key puede tener como máximo 100 caracteres.')
    .regex(/^[A-Za-z0-9-]+$/, 'La API key lleva solo letras, números y guiones.'),
  secret_key: z
    .string({ error: 'La secret key debe ser texto.' })
    .trim()
    .max(200, 'La secret key puede tener como máximo 200 caracteres.')
    .refine((v) => !/\s/.test(v), 'La secret key no lleva espacios.')
    .optional()
    .default(''),
  environment: z.enum(FLOW_ENVIRONMENTS, { error: 'Elige sandbox o producción.' }),
  /** The account's version (0: none yet). */
  version,
});
export type FlowAccountInput = z.infer<typeof flowAccountSchema>;

/** `DELETE …`: the account's version the disconnection is based on. */
export const paymentAccountRemoveSchema = z.object({ version });

/**
 * Mercado Pago's two secrets, from «Tus integraciones»: the application's access token (which
 * says whether it is a test account) and the webhook secret that signs its notifications. Both
 * empty keep the stored ones.
 */
export const mercadoPagoAccountSchema = z
  .object({
    access_token: z
      .string({ error: 'El access token debe ser texto.' })
      .trim()
      .max(200, 'El access token puede tener como máximo 200 caracteres.')
      .refine(
        (v) => v === '' || /^(APP_USR|TEST)-[A-Za-z0-9-]+$/.test(v),
        'El access token empieza con APP_USR- (o TEST- en pruebas).',
      )
      .optional()
      .default(''),
    webhook_secret: z
      .string({ error: 'La clave secreta de webhooks debe ser texto.' })
      .trim()
      .max(200, 'La clave secreta puede tener como máximo 200 caracteres.')
      .refine((v) => !/\s/.test(v), 'La clave secreta no lleva espacios.')
      .optional()
      .default(''),
    version,
  })
  .refine((v) => !v.access_token || v.webhook_secret, {
    path: ['webhook_secret'],
    message: 'Escribe la clave secreta de webhooks junto con el access token.',
  });
export type MercadoPagoAccountInput = z.infer<typeof mercadoPagoAccountSchema>;
