import type { SpaDraft } from '@/lib/formation/draft';
import { RadioCards } from '@/islands/ui/fields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 06 (spa, ltda): may the company take up other lines of business later? */
export function ExpandStep({ draft, update, err }: StepProps) {
  return (
    <RadioCards
      legend="¿La empresa podrá dedicarse a otros giros en el futuro?"
      name="canExpandActivity"
      value={(draft as SpaDraft).canExpandActivity}
      onChange={(v) => update({ canExpandActivity: v })}
      columns={1}
      options={[
        {
          value: 'si',
          label: 'Sí, que pueda ampliar su giro',
          description:
            'Los estatutos permitirán cualquier actividad lícita que acuerden los socios, sin reformarlos.',
        },
        {
          value: 'no',
          label: 'No, solo el giro que definí',
          description: 'Para agregar actividades habrá que modificar los estatutos.',
        },
      ]}
      error={err('canExpandActivity')}
    />
  );
}
