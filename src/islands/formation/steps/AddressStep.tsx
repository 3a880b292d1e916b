import { useVoPlans } from '@/islands/formation/useDraft';
import { formatClp } from '@/lib/money';
import { AddressFields } from '@/islands/formation/AddressFields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 02: domicilio tributario and social, and an optional virtual-office plan. */
export function AddressStep({ draft, update, err }: StepProps) {
  const plans = useVoPlans();

  return (
    <div className="space-y-8">
      <section aria-labelledby="dom-trib" className="space-y-4">
        <h2 id="dom-trib" className="text-lg font-semibold">
          Domicilio tributario
        </h2>
        <p className="text-sm text-ink-600">
          La dirección que registrarás en el SII. Puede ser tu casa, una oficina o una oficina
          virtual.
        </p>
        <AddressFields
          prefix="tributaryAddress"
          value={draft.tributaryAddress}
          onChange={(a) => update({ tributaryAddress: a })}
          errors={err}
        />
      </section>

      <label className="flex items-start gap-3 rounded-xl border border-ink-200 bg-white p-4">
        <input
          type="checkbox"
          className="mt-0.5 size-4 accent-brand-600"
          checked={draft.useSameAddress}
          onChange={(e) => update({ useSameAddress: e.target.checked })}
        />
        <span>
          <span className="block text-sm font-semibold">El domicilio social es el mismo</span>
          <span className="block text-sm text-ink-600">
            El domicilio social es la comuna que dirán los estatutos. Casi siempre coincide con el
            tributario.
          </span>
        </span>
      </label>

      {!draft.useSameAddress && (
        <section aria-labelledby="dom-soc" className="space-y-4">
          <h2 id="dom-soc" className="text-lg font-semibold">
            Domicilio social
          </h2>
          <AddressFields
            prefix="societyAddress"
            value={draft.societyAddress}
            onChange={(a) => update({ societyAddress: a })}
            errors={err}
          />
        </section>
      )}

      <section aria-labelledby="vo" className="space-y-3">
        <h2 id="vo" className="text-lg font-semibold">
          ¿Necesitas una oficina virtual?{' '}
          <span className="font-normal text-ink-500">(opcional)</span>
        </h2>
        <p className="text-sm text-ink-600">
          Si no quieres usar tu casa como domicilio tributario, puedes contratar uno. Se cobra
          mensualmente.
        </p>
        {plans === null ? (
          <p className="text-sm text-ink-500" role="status">
            Cargando planes…
          </p>
        ) : (
          <fieldset>
            <legend className="sr-only">Plan de oficina virtual</legend>
            <div className="grid gap-3 md:grid-cols-2">
              <label
                className="flex cursor-pointer gap-3 rounded-xl border border-ink-200 bg-white
                p-4 has-checked:border-brand-600 has-checked:bg-brand-50"
              >
                <input
                  type="radio"
                  name="voplan"
                  className="mt-1 size-4 accent-brand-600"
                  checked={draft.selectedVOPlan === null}
                  onChange={() => update({ selectedVOPlan: null })}
                />
                <span>
                  <span className="block font-semibold">No por ahora</span>
                  <span className="block text-sm text-ink-600">Usaré mi propia dirección.</span>
                </span>
              </label>
              {plans.map((plan) => (
                <label
                  key={plan.id}
                  className="flex cursor-pointer gap-3 rounded-xl border border-ink-200 bg-white p-4
                    has-checked:border-brand-600 has-checked:bg-brand-50"
                >
                  <input
                    type="radio"
                    name="voplan"
                    className="mt-1 size-4 accent-brand-600"
                    checked={draft.selectedVOPlan?.id === plan.id}
                    onChange={() => update({ selectedVOPlan: plan })}
                  />
                  <span>
                    <span className="block font-semibold">
                      {plan.name} · {formatClp(plan.price_clp)}{' '}
                      <span className="font-normal text-ink-500">al mes</span>
                    </span>
                    <ul className="mt-1 list-disc space-y-0.5 pl-4 text-sm text-ink-600">
                      {plan.features.map((f) => (
                        <li key={f}>{f}</li>
                      ))}
                    </ul>
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
        )}
      </section>
    </div>
  );
}
