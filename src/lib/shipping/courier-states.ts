/** How /despacho shows what a courier last said of a shop's account (`ConnectionState`). */
import type { ConnectionStateInfo } from '@/components/ui/connection-state';

/** The three states of a courier account: its quotes and labels are used only when verified. */
export function courierStates(
  name: string,
  /** Whether the account makes shipments and labels too, or only quotes (Chilexpress). */
  labels = true,
): Record<'ok' | 'rejected' | 'none', ConnectionStateInfo> {
  return {
    ok: {
      label: 'Verificada',
      tone: 'bg-success-50 text-success-700',
      help: labels
        ? `${name} reconoce tu cuenta: con ella cotizaremos tus despachos y crearás sus etiquetas.`
        : `${name} reconoce tus claves: con ellas cotizaremos tus despachos.`,
    },
    rejected: {
      label: `${name} la rechazó`,
      tone: 'bg-danger-50 text-danger-700',
      help: `${name} no reconoce estos datos: no la usaremos hasta que los corrijas y pruebes de nuevo.`,
    },
    none: {
      label: 'Sin verificar',
      tone: 'bg-warning-50 text-warning-700',
      help: `${name} no respondió cuando la revisamos: no la usaremos hasta que «Probar conexión» la confirme.`,
    },
  };
}
