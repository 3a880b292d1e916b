/**
 * What every provider account's forms share (/cobros' payment providers, /despacho's couriers):
 * the toast after a save (which asks the provider at once), «Probar conexión» and disconnect.
 */
import { getDb } from '@/lib/server/db/client';
import type { Db } from '@/lib/server/db/client';
import { formAction } from '@/lib/server/http/action';
import { requireUser } from '@/lib/server/http/auth';
import type { FlashInput as Toast } from '@/lib/toast/flash';
import { z } from '@/lib/zod';

type Check = 'ok' | 'rejected' | 'unreachable';
type Messages = Record<Check, { title: string; description: string }>;

/** The toast after a save: what the provider answered when asked right after it. */
export function savedToast(name: string, messages: Messages, check: string | null): Toast {
  if (check === 'ok')
    return { title: `Cuenta ${name} guardada y verificada`, description: messages.ok.description };
  const rejected = check === 'rejected';
  return {
    ...messages[rejected ? 'rejected' : 'unreachable'],
    title: `Cuenta guardada, pero ${rejected ? `${name} no la reconoce` : 'no pudimos verificarla'}`,
    variant: 'destructive',
  };
}

/** «Probar conexión» and disconnect for one provider's account. */
export function checkAndRemoveForms(options: {
  name: string;
  messages: Messages;
  check: (db: Db, userId: number) => Promise<Check>;
  remove: (db: Db, userId: number, version: number) => Promise<unknown>;
  removeSchema: z.ZodType<{ version: number }>;
  /** What disconnecting changes for the shop. */
  removed: string;
}) {
  const { name, messages } = options;
  return {
    check: formAction(z.object({}), {}, async (_input, context): Promise<Toast> => {
      const result = await options.check(await getDb(), requireUser(context.locals).id);
      return { ...messages[result], variant: result === 'ok' ? 'default' : 'destructive' };
    }),
    remove: formAction(options.removeSchema, {}, async ({ version }, context): Promise<Toast> => {
      await options.remove(await getDb(), requireUser(context.locals).id, version);
      return { title: `${name} desconectado`, description: options.removed };
    }),
  };
}
