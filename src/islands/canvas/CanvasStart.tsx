import { useState, type SubmitEvent } from 'react';
import { api, serverFieldErrors, serverMessage } from '@/lib/api';
import '@/lib/accounts/auth.client';
import { canvasCreateSchema } from '@/lib/canvas/notes';
import { firstErrors } from '@/lib/forms';
import { sectionPath, SECTION_ORDER } from '@/lib/canvas/sections';
import { toastError } from '@/lib/toast/store.client';
import {
  clearSessionState,
  SubmitButton,
  TextAreaField,
  TextField,
  typedBeforeHydration,
  useSessionState,
} from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

const FORM = 'canvas-start';

/** /canvas/iniciar: the idea's name and a one-line description, then its first section. */
function CanvasStart() {
  // What was typed before hydration is adopted (the fields are plain text).
  const [title, setTitle] = useSessionState('canvas:title', typedBeforeHydration(FORM, 'title'));
  const [description, setDescription] = useSessionState(
    'canvas:description',
    typedBeforeHydration(FORM, 'description'),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [busy, setBusy] = useState(false);

  async function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    const parsed = canvasCreateSchema.safeParse({ title, description });
    if (!parsed.success) return setErrors(firstErrors(parsed.error));
    setErrors({});
    setBusy(true);
    try {
      const canvas = await api<{ id: number }>('/api/canvases/', {
        method: 'POST',
        body: parsed.data,
      });
      clearSessionState('canvas:title', 'canvas:description');
      window.location.assign(sectionPath(canvas.id, SECTION_ORDER[0]!));
    } catch (error) {
      setErrors(
        Object.fromEntries(
          Object.entries(serverFieldErrors(error)).map(([k, v]) => [k, v[0] ?? '']),
        ),
      );
      toastError(serverMessage(error) ?? 'No pudimos crear tu canvas. Inténtalo de nuevo.');
      setBusy(false);
    }
  }

  return (
    <form name={FORM} onSubmit={onSubmit} noValidate className="card space-y-5 p-6">
      <TextField
        label="Nombre de tu idea"
        name="title"
        placeholder="Ej.: Panadería de masa madre en Ñuñoa"
        value={title}
        onChange={(e) => setTitle(e.target.value)}
        error={errors.title}
        maxLength={120}
      />
      <TextAreaField
        label="Descríbela en una línea (opcional)"
        name="description"
        rows={2}
        placeholder="Pan de masa madre recién horneado para las familias del barrio."
        value={description}
        onChange={(e) => setDescription(e.target.value)}
        error={errors.description}
        maxLength={280}
      />
      <SubmitButton busy={busy} busyText="Creando…">
        Empezar por los segmentos de clientes →
      </SubmitButton>
    </form>
  );
}

export default withIslandBoundary(CanvasStart);
