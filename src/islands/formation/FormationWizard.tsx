import { useEffect, useRef, useState, type ComponentType } from 'react';
import { reachStep } from '@/lib/formation/store.client';
import { BUSINESS_TYPE_INFO, type BusinessType } from '@/lib/formation/business-type';
import { classes } from '@/lib/class-names';
import { STEP_INFO, stepPath, stepsOf, type StepId } from '@/lib/formation/steps';
import { validateDraft } from '@/lib/formation/validation';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { ActivityStep } from '@/islands/formation/steps/ActivityStep';
import { AddressStep } from '@/islands/formation/steps/AddressStep';
import { AdministrationStep } from '@/islands/formation/steps/AdministrationStep';
import { CapitalStep } from '@/islands/formation/steps/CapitalStep';
import { ExpandStep } from '@/islands/formation/steps/ExpandStep';
import { NameStep } from '@/islands/formation/steps/NameStep';
import { OwnerStep, PartnersStep } from '@/islands/formation/steps/PartnersStep';
import { SharesStep } from '@/islands/formation/steps/SharesStep';
import type { StepProps } from '@/islands/formation/steps/types';
import { SyncBadge, useDraft, useDraftSync } from '@/islands/formation/useDraft';
import type { ServerDraft } from '@/lib/formation/sync.client';

const STEP_COMPONENTS: Record<StepId, ComponentType<StepProps>> = {
  '01-nombra-tu-empresa': NameStep,
  '02-domicilios': AddressStep,
  '03-giro': ActivityStep,
  '04-capital': CapitalStep,
  '05-administracion-y-acuerdos': AdministrationStep,
  '06-explotar-giro': ExpandStep,
  '07-individualizar': PartnersStep,
  '08-participacion': SharesStep,
  '05-individualizar': OwnerStep,
};

/** The step's form, named so the island can adopt what was typed before it hydrated. */
const FORM = 'formation-step';

interface Props {
  type: BusinessType;
  step: StepId;
  /** The person's stored draft, as the page rendered it. */
  server: ServerDraft | null;
  /** The server filled the name from the quick start on this request. */
  quickStartApplied?: boolean;
}

/**
 * The furthest step this browser has opened for `type` (at least the current one), persisted
 * (`$furthestStep`) so going back does not forget the steps already seen.
 */
function useFurthestStep(type: BusinessType, index: number): number {
  const [furthest, setFurthest] = useState(index);
  useEffect(() => setFurthest(reachStep(type, index)), [type, index]);
  return furthest;
}

/** One form step of the formation flow: progress, the step's fields, back and next. */
function FormationWizard({ type, step, server, quickStartApplied = false }: Props) {
  const { draft, update } = useDraft(type, server, FORM);
  const status = useDraftSync(type, quickStartApplied);
  const [showErrors, setShowErrors] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const steps = stepsOf(type);
  const index = steps.indexOf(step);
  const byStep = validateDraft(type, draft);
  const errors = byStep[step];
  const firstIncomplete = steps.findIndex((s) => Object.keys(byStep[s]).length > 0);
  const furthest = useFurthestStep(type, index);
  const reachable = (i: number) => firstIncomplete === -1 || i <= firstIncomplete;
  const Step = STEP_COMPONENTS[step];

  useEffect(() => {
    if (!showErrors) return;
    formRef.current
      ?.querySelector<HTMLElement>('[aria-invalid="true"], [role="alert"]')
      ?.scrollIntoView({ block: 'center', behavior: 'smooth' });
  }, [showErrors]);

  function next() {
    if (Object.keys(errors).length) {
      setShowErrors(true);
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
      return;
    }
    window.location.assign(
      index === steps.length - 1 ? stepPath(type, 'revision') : stepPath(type, steps[index + 1]!),
    );
  }

  const percent = Math.round(((index + 1) / steps.length) * 100);
  return (
    <div>
      <div className="mb-6 flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="eyebrow">Constitución de {BUSINESS_TYPE_INFO[type].label}</p>
          <p className="text-sm text-ink-600">
            Paso {index + 1} de {steps.length}
          </p>
        </div>
        <SyncBadge status={status} />
      </div>
      <div
        className="h-2 rounded-full bg-ink-100"
        role="progressbar"
        aria-label={`Paso ${index + 1} de ${steps.length}`}
        aria-valuemin={1}
        aria-valuemax={steps.length}
        aria-valuenow={index + 1}
      >
        <div
          className="h-2 rounded-full bg-brand-600 transition-all"
          style={{ width: `${percent}%` }}
        />
      </div>
      <nav aria-label="Pasos" className="mt-4 -mx-1 overflow-x-auto pb-1" tabIndex={0}>
        <ol className="flex gap-1.5 px-1">
          {steps.map((s, i) => {
            // Done: valid and already seen (a step of optional fields is not done before it is seen).
            const done = Object.keys(byStep[s]).length === 0 && i <= furthest;
            const current = s === step;
            const cls = classes(
              'flex min-h-9 items-center gap-1.5 whitespace-nowrap rounded-full px-3 text-xs',
              'font-semibold',
              current
                ? 'bg-brand-600 text-white'
                : done
                  ? 'bg-success-50 text-success-700'
                  : 'bg-ink-100 text-ink-600',
            );
            return (
              <li key={s}>
                {current || !reachable(i) ? (
                  <span className={cls} aria-current={current ? 'step' : undefined}>
                    {i + 1}. {STEP_INFO[s].short}
                  </span>
                ) : (
                  <a
                    href={stepPath(type, s)}
                    className={`${cls} hover:ring-2 hover:ring-brand-200`}
                  >
                    {done ? '✓' : `${i + 1}.`} {STEP_INFO[s].short}
                  </a>
                )}
              </li>
            );
          })}
        </ol>
      </nav>

      <form
        ref={formRef}
        name={FORM}
        noValidate
        className="mt-8"
        onSubmit={(e) => {
          e.preventDefault();
          next();
        }}
      >
        <h1 className="text-2xl font-bold sm:text-3xl">{STEP_INFO[step].title}</h1>
        <p className="mt-2 mb-6 text-ink-600">{STEP_INFO[step].intro}</p>
        {showErrors && Object.keys(errors).length > 0 && (
          <p role="alert" className="mb-5 rounded-xl bg-danger-50 p-3 text-sm text-danger-700">
            Revisa los campos marcados antes de seguir.
          </p>
        )}
        <Step
          type={type}
          draft={draft}
          update={update}
          err={(path) => (showErrors ? errors[path] : undefined)}
        />

        <div className="mt-10 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row sm:justify-between">
          {index > 0 ? (
            <a href={stepPath(type, steps[index - 1]!)} className="btn-secondary">
              ← Atrás
            </a>
          ) : (
            <a href={stepPath(type, 'chat')} className="btn-ghost">
              Prefiero hacerlo conversando
            </a>
          )}
          <button type="submit" className="btn-primary sm:min-w-48">
            {index === steps.length - 1 ? 'Revisar todo' : 'Siguiente'} →
          </button>
        </div>
      </form>
    </div>
  );
}

export default withIslandBoundary(FormationWizard);
