import { checkCompanyName } from '@/lib/formation/names';
import { BUSINESS_TYPE_INFO } from '@/lib/formation/business-type';
import type { EirlDraft } from '@/lib/formation/draft';
import { TextField } from '@/islands/ui/fields';
import type { StepProps } from '@/islands/formation/steps/types';

/** How the legal name of each type ends, as the hint under the field says it. */
const NAME_ENDING = {
  spa: '"SpA"',
  ltda: '"Limitada" o "Ltda."',
  eirl: '"E.I.R.L." e incluir el nombre y apellido del titular',
};

/** 01: razón social (with the legal suffix and a one-click fix) and nombre de fantasía. */
export function NameStep({ type, draft, update, err }: StepProps) {
  const owner = type === 'eirl' ? (draft as EirlDraft).personalInfo : undefined;
  const check = draft.companyName.trim()
    ? checkCompanyName(
        type,
        draft.companyName,
        owner?.nombre && owner.primerApellido ? owner : undefined,
      )
    : null;
  const examples = {
    spa: 'Panadería Las Rosas SpA',
    eirl: 'María Soto Panadería E.I.R.L.',
    ltda: 'Café del Puerto Limitada',
  }[type];
  return (
    <div className="space-y-5">
      <div>
        <TextField
          label="Razón social"
          name="companyName"
          placeholder={examples}
          value={draft.companyName}
          onChange={(e) => update({ companyName: e.target.value })}
          error={err('companyName')}
          hint={
            `Es el nombre legal. Para una ${BUSINESS_TYPE_INFO[type].label} debe terminar en ` +
            `${NAME_ENDING[type]}.`
          }
        />
        {check && !check.ok && check.suggestion && (
          <div className="mt-2 flex flex-wrap items-center gap-2 rounded-xl bg-brand-50 p-3 text-sm text-brand-900">
            <span>Sugerencia:</span>
            <strong>{check.suggestion}</strong>
            <button
              type="button"
              className="btn-secondary min-h-9 px-3 text-xs"
              onClick={() => update({ companyName: check.suggestion })}
            >
              Usar este nombre
            </button>
          </div>
        )}
      </div>
      <TextField
        label="Nombre de fantasía (opcional)"
        name="tradeName"
        placeholder="Ej.: Las Rosas"
        value={draft.tradeName}
        onChange={(e) => update({ tradeName: e.target.value })}
        error={err('tradeName')}
        hint="El nombre corto con el que te conocerán tus clientes. Puede ser distinto de la razón social."
      />
    </div>
  );
}
