import { classes } from '@/lib/class-names';
import { partnerName, sharesOf, type SpaDraft } from '@/lib/formation/draft';
import { formatPercent, participationTotal } from '@/lib/formation/validation';
import type { StepProps } from '@/islands/formation/steps/types';

/** 08 (spa, ltda): each partner's share; they must sum exactly 100 %. An SpA's are shares too. */
export function SharesStep({ type, draft, update, err }: StepProps) {
  const spa = draft as SpaDraft;
  const partners = spa.partnersPersonalInfo;
  const totalShares = type === 'spa' ? spa.totalShares : null;
  const total = participationTotal(partners);
  const setShare = (i: number, value: number) =>
    update({
      partnersPersonalInfo: partners.map((p, j) => (j === i ? { ...p, participacion: value } : p)),
    });
  function splitEvenly() {
    const base = Math.floor((100 / partners.length) * 100) / 100;
    const rest = Math.round((100 - base * partners.length) * 100) / 100;
    update({
      partnersPersonalInfo: partners.map((p, i) => ({
        ...p,
        participacion: i === 0 ? Math.round((base + rest) * 100) / 100 : base,
      })),
    });
  }
  return (
    <div className="space-y-5">
      {totalShares !== null && (
        <div className="card p-4 sm:flex sm:items-start sm:justify-between sm:gap-6">
          <div>
            <label htmlFor="totalShares" className="field-label">
              Número total de acciones
            </label>
            <p id="totalShares-hint" className="field-hint">
              El capital se divide en este número de acciones, todas de una misma serie.
            </p>
          </div>
          <div className="mt-2 sm:mt-0 sm:w-44">
            <input
              id="totalShares"
              name="totalShares"
              type="number"
              inputMode="numeric"
              min={1}
              step={1}
              className="field-input text-right"
              value={Number.isFinite(totalShares) ? totalShares : ''}
              onChange={(e) =>
                update({ totalShares: e.target.value === '' ? 0 : Number(e.target.value) })
              }
              aria-invalid={err('totalShares') ? true : undefined}
              aria-describedby={
                err('totalShares') ? 'totalShares-error totalShares-hint' : 'totalShares-hint'
              }
            />
            {err('totalShares') && (
              <p id="totalShares-error" className="field-error" role="alert">
                {err('totalShares')}
              </p>
            )}
          </div>
        </div>
      )}
      <ul className="space-y-3">
        {partners.map((p, i) => {
          const id = `share-${i}`;
          const error = err(`partnersPersonalInfo.${i}.participacion`);
          return (
            <li
              key={i}
              className="card flex flex-col gap-3 p-4 sm:flex-row sm:items-center sm:justify-between"
            >
              <div>
                <label htmlFor={id} className="font-medium">
                  {partnerName(p) || `Socio ${i + 1}`}
                </label>
                {totalShares !== null &&
                  Number.isInteger(sharesOf(totalShares, p.participacion)) && (
                    <p className="text-sm text-ink-500">
                      {sharesOf(totalShares, p.participacion).toLocaleString('es-CL')} acciones
                    </p>
                  )}
              </div>
              <div className="sm:w-44">
                <div className="relative">
                  <input
                    id={id}
                    type="number"
                    inputMode="decimal"
                    min={0}
                    max={100}
                    step={0.01}
                    className="field-input pr-10 text-right"
                    value={Number.isFinite(p.participacion) ? p.participacion : ''}
                    onChange={(e) =>
                      setShare(i, e.target.value === '' ? 0 : Number(e.target.value))
                    }
                    aria-invalid={error ? true : undefined}
                    aria-describedby={error ? `${id}-error` : undefined}
                  />
                  <span
                    className="pointer-events-none absolute inset-y-0 right-3 flex items-center text-ink-500"
                    aria-hidden="true"
                  >
                    %
                  </span>
                </div>
                {error && (
                  <p id={`${id}-error`} className="field-error" role="alert">
                    {error}
                  </p>
                )}
              </div>
            </li>
          );
        })}
      </ul>
      <div
        className={classes(
          'flex flex-col gap-3 rounded-xl p-4 sm:flex-row sm:items-center sm:justify-between',
          total === 100 ? 'bg-success-50 text-success-700' : 'bg-warning-50 text-warning-600',
        )}
        role="status"
        aria-live="polite"
      >
        <p className="font-semibold">Total: {formatPercent(total)}</p>
        <button type="button" className="btn-secondary min-h-9 px-3 text-sm" onClick={splitEvenly}>
          Repartir en partes iguales
        </button>
      </div>
      {err('participacion') && (
        <p className="field-error" role="alert">
          {err('participacion')}
        </p>
      )}
    </div>
  );
}
