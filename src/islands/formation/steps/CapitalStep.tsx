import { formatClp, parseTypedClp } from '@/lib/money';
import { RadioCards, TextField } from '@/islands/ui/fields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 04: capital (typed as pesos, shown as $1.000.000) and duration. */
export function CapitalStep({ draft, update, err }: StepProps) {
  const fixed = draft.duration !== 'indefinida';
  return (
    <div className="space-y-6">
      <TextField
        label="Capital inicial"
        name="capital"
        inputMode="numeric"
        value={draft.capital}
        onChange={(e) => update({ capital: e.target.value })}
        onBlur={() => {
          const value = parseTypedClp(draft.capital);
          if (value !== null) update({ capital: formatClp(value) });
        }}
        error={err('capital')}
        hint={
          'Lo que los socios se comprometen a aportar, en pesos. ' +
          'Se puede pagar después, dentro del plazo que fijen los estatutos.'
        }
      />
      <RadioCards
        legend="Duración de la empresa"
        name="duration-kind"
        value={fixed ? 'plazo' : 'indefinida'}
        onChange={(v) => update({ duration: v === 'indefinida' ? 'indefinida' : '10' })}
        options={[
          {
            value: 'indefinida',
            label: 'Indefinida',
            description:
              'La empresa existe hasta que los socios decidan disolverla. Es lo más común.',
          },
          {
            value: 'plazo',
            label: 'Plazo fijo',
            description: 'La empresa dura un número de años, que se puede renovar.',
          },
        ]}
        error={fixed ? undefined : err('duration')}
      />
      {fixed && (
        <TextField
          label="Años de duración"
          name="duration"
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={draft.duration}
          onChange={(e) => update({ duration: e.target.value })}
          error={err('duration')}
        />
      )}
    </div>
  );
}
