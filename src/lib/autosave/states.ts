/** What an autosaved document's badge says (Spanish, es-CL). */

export type SaveState = 'saved' | 'saving' | 'offline' | 'conflict' | 'invalid';

export const SAVE_STATE_TEXT: Record<SaveState, string> = {
  saved: 'Guardado',
  saving: 'Guardando…',
  offline: 'Sin conexión: guardado en este dispositivo',
  conflict: 'Cambios en otra pestaña',
  invalid: 'Revisa los datos: hay algo que no se puede guardar',
};
