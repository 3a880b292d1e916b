import { useEffect, useMemo, useState } from 'react';
import {
  buildIndex,
  isForCompanies,
  loadActivities,
  searchActivities,
  sentenceCase,
  type Activity,
  type SearchIndex,
} from '@/lib/chile/activities';
import { TextAreaField } from '@/islands/ui/fields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 03: the SII activity codes, chosen from the official list, and the giro in the person's words. */
export function ActivityStep({ draft, update, err }: StepProps) {
  const [index, setIndex] = useState<SearchIndex | null>(null);
  const [query, setQuery] = useState('');
  useEffect(() => {
    void loadActivities().then((list) => setIndex(buildIndex(list)));
  }, []);
  const results = useMemo(() => (index ? searchActivities(index, query, 12) : []), [index, query]);

  const codes = draft.activityCodes ?? [];
  const byCode = useMemo(() => new Map(index?.activities.map((a) => [a.code, a]) ?? []), [index]);

  function add(activity: Activity) {
    if (codes.includes(activity.code)) return;
    // The first activity also starts the giro's text, which the person can then reword.
    const text = draft.businessDescription.trim();
    update({
      activityCodes: [...codes, activity.code],
      ...(text ? {} : { businessDescription: sentenceCase(activity.description) }),
    });
  }
  const remove = (code: string) => update({ activityCodes: codes.filter((c) => c !== code) });

  return (
    <div className="space-y-6">
      <div>
        <label htmlFor="activity-search" className="field-label">
          Busca actividades del SII
        </label>
        <input
          id="activity-search"
          type="search"
          className="field-input"
          placeholder="Ej.: panadería, software, 620100"
          value={query}
          onChange={(e) => setQuery(e.target.value)}
          aria-describedby="activity-search-hint"
          autoComplete="off"
        />
        <p id="activity-search-hint" className="field-hint">
          Busca por palabras o por código. Agrega las que describan tu negocio; puedes tener varias.
        </p>
        {query && (
          <ul
            className="mt-3 divide-y divide-ink-100 overflow-hidden rounded-xl border border-ink-200 bg-white"
            aria-label="Resultados"
            aria-live="polite"
          >
            {!index && <li className="p-3 text-sm text-ink-500">Cargando actividades…</li>}
            {index && results.length === 0 && (
              <li className="p-3 text-sm text-ink-500">
                No encontramos actividades con “{query}”. Prueba con otra palabra.
              </li>
            )}
            {results.map((a) => {
              const forCompanies = isForCompanies(a);
              const added = codes.includes(a.code);
              return (
                <li key={a.code} className="flex items-start justify-between gap-3 p-3">
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-ink-900">
                      <span className="font-mono text-brand-700">{a.code}</span> ·{' '}
                      {sentenceCase(a.description)}
                    </p>
                    <p className="text-xs text-ink-500">
                      {sentenceCase(a.section)}
                      {a.iva === 'SI'
                        ? ' · Afecta a IVA'
                        : a.iva === 'NO'
                          ? ' · Exenta de IVA'
                          : ''}
                      {!a.online && ' · No se puede declarar en línea'}
                    </p>
                    {!forCompanies && (
                      <p className="text-xs text-warning-600">
                        Es de segunda categoría (profesionales independientes): no aplica a una
                        sociedad.
                      </p>
                    )}
                  </div>
                  <button
                    type="button"
                    className="btn-secondary min-h-9 shrink-0 px-3 text-xs"
                    disabled={!forCompanies || added}
                    onClick={() => add(a)}
                  >
                    {added ? 'Agregada' : 'Agregar'}
                  </button>
                </li>
              );
            })}
          </ul>
        )}
      </div>
      <section aria-labelledby="activities-chosen">
        <h2 id="activities-chosen" className="field-label">
          Actividades elegidas
        </h2>
        {codes.length === 0 ? (
          <p className="field-hint">Aún no eliges actividades. Búscalas arriba y agrégalas.</p>
        ) : (
          <ul className="mt-2 space-y-2">
            {codes.map((code) => (
              <li
                key={code}
                className="flex items-center justify-between gap-3 rounded-xl border border-ink-200
                  bg-white p-3 text-sm"
              >
                <span>
                  <span className="font-mono text-brand-700">{code}</span>
                  {byCode.get(code) && ` · ${sentenceCase(byCode.get(code)!.description)}`}
                </span>
                <button
                  type="button"
                  className="btn-ghost min-h-9 shrink-0 px-3 text-xs text-danger-700"
                  onClick={() => remove(code)}
                  aria-label={`Quitar la actividad ${code}`}
                >
                  Quitar
                </button>
              </li>
            ))}
          </ul>
        )}
        {err('activityCodes') && (
          <p className="field-error" role="alert">
            {err('activityCodes')}
          </p>
        )}
      </section>
      <TextAreaField
        label="Giro de la empresa"
        name="businessDescription"
        rows={5}
        value={draft.businessDescription}
        onChange={(e) => update({ businessDescription: e.target.value })}
        error={err('businessDescription')}
        hint="Describe con tus palabras a qué se dedicará la empresa: es el objeto que dirán los estatutos."
      />
    </div>
  );
}
