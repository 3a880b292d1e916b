import { useId, useState, type SubmitEvent } from 'react';
import { BUSINESS_TYPES, BUSINESS_TYPE_INFO, type BusinessType } from '@/lib/formation/business-type';
import { saveQuickStart } from '@/lib/formation/quick-start.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';

/** Where the quick start sends the visitor (spec §2: the type in lower case). */
export function quickStartPath(type: BusinessType): string {
  return `/modelo-de-negocio/${type.toLowerCase()}`;
}

/**
 * Quick start (spec §4, §5): a company name and a type, both required; with both, they are
 * stored and the visitor goes to that type's formation flow. Without both, nothing happens.
 */
function QuickStartForm() {
  const [name, setName] = useState('');
  const [type, setType] = useState<BusinessType | ''>('');
  const nameId = useId();
  const ready = name.trim() !== '' && type !== '';

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!name.trim() || !type) return;
    saveQuickStart({ name: name.trim(), type });
    window.location.assign(quickStartPath(type));
  }

  return (
    <form onSubmit={onSubmit} className="card p-5 sm:p-7" aria-labelledby={`${nameId}-title`}>
      <h2 id={`${nameId}-title`} className="text-lg font-bold">
        Empieza tu empresa ahora
      </h2>
      <p className="mt-1 text-sm text-ink-500">Dos datos y entras directo a la constitución. Puedes cambiarlos después.</p>

      <label htmlFor={nameId} className="field-label mt-5">
        Nombre de tu empresa
      </label>
      <input
        id={nameId}
        name="companyName"
        className="field-input"
        placeholder="Ej.: Panadería Las Rosas"
        autoComplete="organization"
        maxLength={120}
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
                className="flex cursor-pointer flex-col rounded-(--radius-control) border border-ink-200 bg-white p-3 transition-colors hover:border-brand-300 has-checked:border-brand-600 has-checked:bg-brand-50 has-checked:ring-2 has-checked:ring-brand-200 has-focus-visible:outline-2 has-focus-visible:outline-brand-600"
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

      <button type="submit" className="btn-accent mt-6 w-full" disabled={!ready}>
        Comenzar la constitución
        <svg viewBox="0 0 24 24" className="size-4" fill="none" stroke="currentColor" strokeWidth="2.5" aria-hidden="true">
          <path d="M5 12h14M13 6l6 6-6 6" />
        </svg>
      </button>
      {!ready && (
        <p className="mt-2 text-center text-xs text-ink-500" aria-live="polite">
          Escribe el nombre y elige el tipo para continuar.
        </p>
      )}
    </form>
  );
}

export default withIslandBoundary(QuickStartForm);
