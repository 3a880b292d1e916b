/** How /cobros shows what a payment provider last said of a shop's account (`ConnectionState`). */
import type { ConnectionStateInfo } from '@/components/ui/connection-state';

/**
 * The three states of a payment account: checkout offers the provider only when verified.
 * `keys` names what the seller typed, with its pronoun («esta API key…», «las»).
 */
export function checkoutStates(
  name: string,
  keys: { words: string; them: 'los' | 'las' },
): Record<'ok' | 'rejected' | 'none', ConnectionStateInfo> {
  return {
    ok: {
      label: 'Verificada',
      tone: 'bg-success-50 text-success-700',
      help: `${name} reconoce tu cuenta: aparece en tu checkout.`,
    },
    rejected: {
      label: `${name} la rechazó`,
      tone: 'bg-danger-50 text-danger-700',
      help:
        `${name} no reconoce ${keys.words}: no aparece en tu checkout hasta que ` +
        `${keys.them} corrijas y pruebes de nuevo.`,
    },
    none: {
      label: 'Sin verificar',
      tone: 'bg-warning-50 text-warning-700',
      help:
        `${name} no respondió cuando la revisamos: no aparece en tu checkout hasta que ` +
        '«Probar conexión» la confirme.',
    },
  };
}
