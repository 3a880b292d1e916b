import { useId, useState, type SubmitEvent } from 'react';
import {
  BUSINESS_TYPES,
  BUSINESS_TYPE_INFO,
  isBusinessType,
  type BusinessType,
} from '@/lib/formation/business-type';
import { QUICK_START_NAME_MAX, quickStartPath } from '@/lib/formation/quick-start';
import { saveQuickStart } from '@/lib/formation/quick-start.client';
import { typedBeforeHydration } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

const FORM = 'quick-start';

interface Props {
  /** Where the form posts before hydration or without JavaScript: `/` with its action. */
  action: string;
  /** What a post without JavaScript sent, when it lacked the name or the type. */
  refused?: { companyName: string; type: string };
}

/**
 * Quick start (docs/spec.md §4, §5): a company name and a type, both required; with both, they are
 * stored and the visitor goes to that type's formation flow. Without both, nothing happens
 * but a reminder. Before hydration the form posts to `/`, which does the same on the server.
 */
function QuickStartForm({ action, refused }: Props) {
  const [name, setName] = useState(
    () => typedBeforeHydration(FORM, 'companyName') || refused?.companyName || '',
  );
  const [type, setType] = useState<BusinessType | ''>(() => {
    const typed = typedBeforeHydration(FORM, 'type') || refused?.type;
    return isBusinessType(typed) ? typed : '';
  });
  const [tried, setTried] = useState(refused !== undefined);
  const nameId = useId();
  const ready = name.trim() !== '' && type !== '';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !type) {
      setTried(true);
      return;
    }
    saveQuickStart({ name: name.trim(), type });
    window.location.assign(quickStartPath(type));
  }

  return (
    <form
      name={FORM}
      method="post"
      action={action}
      onSubmit={onSubmit}
      className="card p-5 sm:p-7"
      aria-labelledby={`${nameId}-title`}
    >
      <h2 id={`${nameId}-title`} className="text-lg font-bold">
        Empieza tu empresa ahora
      </h2>
      <p className="mt-1 text-sm text-ink-500">
        Dos datos y entras directo a la constitución. Puedes cambiarlos después.
      </p>

      <label htmlFor={nameId} className="field-label mt-5">
        Nombre de tu empresa
      </label>
      <input
        id={nameId}
        name="companyName"
        className="field-input"
        placeholder="Ej.: Panadería Las Rosas"
        autoComplete="organization"
        maxLength={QUICK_START_NAME_MAX}
        value={name}
        onChange={(e) => setName(e.target.value)}
      />

      <fieldset className="mt-5">
        <legend className="field-label">Tipo de empresa</legend>
        <div className="grid gap-2 sm:grid-cols-3">
          {BUSINESS_TYPES.map((value) => {
            const info = BUSINESS_TYPE_INFO[value];
            return (
              <label
                key={value}
                className="flex cursor-pointer flex-col rounded-(--radius-control) border
                  border-ink-200 bg-white p-3 transition-colors hover:border-brand-300
                  has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2
                  has-checked:ring-brand-200 has-focus-visible:outline-2
                  has-focus-visible:outline-brand-600"
              >
                <span className="flex items-center gap-2">
                  <input
                    type="radio"
                    name="type"
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    className="size-4 accent-brand-600"
                  />
                  <span className="font-semibold">{info.label}</span>
                </span>
                <span className="mt-1 text-xs leading-snug text-ink-500">{info.name}</span>
              </label>
            );
          })}
        </div>
      </fieldset>

      {/* Never disabled: before hydration it is the form's only way to post. */}
      <button type="submit" className="btn-accent mt-6 w-full">
        Comenzar la constitución
        <svg
          viewBox="0 0 24 24"
          className="size-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2.5"
          aria-hidden="true"
        >
          <path d="M5 12h14M13 6l6 6-6 6" />
        </svg>
      </button>
      {!ready && (
        <p
          className={`mt-2 text-center text-xs ${tried ? 'font-semibold text-danger-700' : 'text-ink-500'}`}
          role={tried ? 'alert' : undefined}
          aria-live="polite"
        >
          Escribe el nombre y elige el tipo para continuar.
        </p>
      )}
    </form>
  );
}

export default withIslandBoundary(QuickStartForm);
