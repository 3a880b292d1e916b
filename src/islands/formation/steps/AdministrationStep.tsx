import type { SpaDraft } from '@/lib/formation/draft';
import { RadioCards, TextAreaField } from '@/islands/ui/fields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 05 (spa, ltda): who administers, how administrators act (spa), special agreements. */
export function AdministrationStep({ type, draft, update, err }: StepProps) {
  const d = draft as SpaDraft;
  const options =
    type === 'spa'
      ? [
          {
            value: 'administrador' as const,
            label: 'Un administrador',
            description: 'Una o más personas designadas administran la empresa.',
          },
          {
            value: 'directorio' as const,
            label: 'Un directorio',
            description: 'Un grupo de directores decide; útil si habrá inversionistas.',
          },
          {
            value: 'socios' as const,
            label: 'Los accionistas',
            description: 'Todos los accionistas administran en conjunto.',
          },
        ]
      : [
          {
            value: 'administrador' as const,
            label: 'Un administrador',
            description: 'Los socios designan a quien administra y representa a la empresa.',
          },
          {
            value: 'socios' as const,
            label: 'Todos los socios',
            description: 'La administración corresponde a todos los socios.',
          },
        ];
  return (
    <div className="space-y-6">
      <RadioCards
        legend="¿Quién administrará la empresa?"
        name="administration"
        value={d.administration}
        onChange={(v) => update({ administration: v })}
        options={options}
        columns={type === 'spa' ? 3 : 2}
        error={err('administration')}
      />
      {type === 'spa' && (
        <RadioCards
          legend="¿Cómo actuarán los administradores?"
          name="socialManagementType"
          value={d.socialManagementType}
          onChange={(v) => update({ socialManagementType: v })}
          options={[
            {
              value: 'indistinta',
              label: 'Indistinta',
              description: 'Cualquiera de ellos puede firmar por la empresa por separado.',
            },
            { value: 'conjunta', label: 'Conjunta', description: 'Deben actuar y firmar juntos.' },
          ]}
          error={err('socialManagementType')}
        />
      )}
      <TextAreaField
        label="Acuerdos especiales (opcional)"
        name="specialAgreements"
        rows={4}
        value={d.specialAgreements}
        onChange={(e) => update({ specialAgreements: e.target.value })}
        error={err('specialAgreements')}
        hint="Por ejemplo: cómo se reparten las utilidades, qué pasa si un socio quiere salir, o quién aporta qué."
      />
    </div>
  );
}
