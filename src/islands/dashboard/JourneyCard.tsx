/**
 * «Tu siguiente paso»: where the seller is on the path and the one action to take. The server's
 * render is the whole card and every form in it posts without JavaScript; hydrated (on idle), a
 * tax start's day is recorded, a payment provider tested, in place, through the same Actions, and
 * the card asks for the path again so it moves on without a reload. Toasts go to the page's one
 * toast area through its shared store.
 */
import { actions } from 'astro:actions';
import { useEffect, useId, useState } from 'react';
import { actionFailure } from '@/lib/action-failure';
import { api } from '@/lib/api';
import { chileDay } from '@/lib/dates';
import type { JourneyView, NextLesson } from '@/lib/journey/journey';
import type { ProviderState } from '@/lib/shop/payment-methods';
import { STAGES } from '@/lib/journey/stages';
import type { NextStep, TaxStartTarget } from '@/lib/journey/next-step';
import { ORDER_PATHS } from '@/lib/orders/urls';
import { toast } from '@/lib/toast/store.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { useFormAction } from '@/islands/ui/useFormAction';

/** What a refused no-JS post left to show again: the day as typed and why. */
export interface TaxStartRefusal {
  typed: string;
  error: string;
}

type Refresh = () => Promise<void>;

function JourneyCard({
  journey: initial,
  refused,
}: {
  journey: JourneyView;
  refused?: TaxStartRefusal;
}) {
  const [journey, setJourney] = useState(initial);
  const refresh: Refresh = async () => {
    // The card follows; should the read fail, the page still shows the last path it knew.
    try {
      setJourney(await api<JourneyView>('/api/users/me/journey/'));
    } catch {
      /* the toast already said what happened */
    }
  };
  const { next } = journey;
  return (
    <section className="card mt-8 p-5 sm:p-6" aria-labelledby="siguiente-paso">
      <Stages next={next} done={journey.done} />
      <p className="eyebrow mt-5">Tu siguiente paso</p>
      <h2 id="siguiente-paso" className="mt-1 text-2xl font-bold">
        {next.title}
      </h2>
      <p className="mt-2 max-w-2xl text-ink-600">{next.text}</p>
      {next.taxStart && (
        <TaxStartForm
          key={next.taxStart.kind}
          target={next.taxStart}
          refused={refused}
          onDone={refresh}
        />
      )}
      <div className="mt-4 flex flex-wrap items-center gap-x-5 gap-y-3">
        <a href={next.action.href} className={next.taxStart ? 'btn-secondary' : 'btn-primary'}>
          {next.action.label}
        </a>
        {next.also && (
          <a href={next.also.href} className="font-semibold text-brand-700 underline">
            {next.also.label}
          </a>
        )}
      </div>
      <Providers providers={journey.providers} selling={journey.selling} onDone={refresh} />
      {journey.lesson && <Lesson lesson={journey.lesson} />}
    </section>
  );
}

/** The path's stages: done (by what the seller did), the next step's, and the rest. */
function Stages({ next, done }: { next: NextStep; done: readonly string[] }) {
  const current = STAGES.findIndex((s) => s.key === next.stage);
  return (
    <ol className="flex flex-wrap gap-x-2 gap-y-1 text-xs font-semibold" aria-label="Tu camino">
      {STAGES.map((stage, i) => (
        <li
          key={stage.key}
          className={`rounded-full px-2.5 py-1 ${
            i === current
              ? 'bg-brand-600 text-white'
              : done.includes(stage.key)
                ? 'bg-success-50 text-success-700'
                : 'bg-ink-100 text-ink-600'
          }`}
          aria-current={i === current ? 'step' : undefined}
        >
          {done.includes(stage.key) && <span aria-hidden="true">✓ </span>}
          {stage.label}
          {done.includes(stage.key) && <span className="sr-only"> (hecho)</span>}
        </li>
      ))}
    </ol>
  );
}

/** Tells the person what an action answered, and moves the card on when it was done. */
function useOutcome(state: Awaited<ReturnType<typeof actions.flow.check>> | null, done: Refresh) {
  useEffect(() => {
    if (!state) return;
    if (state.data) {
      toast(state.data, { persist: false });
      void done();
    }
    // `done` changes with every render of the card; the answer is what moves this.
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs once per answer, as said above
  }, [state]);
}

/** «¿Ya lo hiciste? ¿Qué día?», for a company's tax start or the seller's own. */
function TaxStartForm({
  target,
  refused,
  onDone,
}: {
  target: TaxStartTarget;
  refused?: TaxStartRefusal;
  onDone: Refresh;
}) {
  const action =
    target.kind === 'company' ? actions.formation.recordTaxStart : actions.shop.recordTaxStart;
  const [state, submit, pending] = useFormAction(action);
  // Controlled: React resets a form after its action, and what was typed must stay.
  const [day, setDay] = useState(refused?.typed ?? '');
  useOutcome(state, onDone);
  const failure = state?.error ? actionFailure(state.error) : null;
  const error = failure ? (failure.errors.started_on ?? failure.message) : refused?.error;
  const id = useId();
  return (
    <form action={submit} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-end">
      {target.kind === 'company' && (
        <input type="hidden" name="company" value={String(target.company)} />
      )}
      <div className="sm:w-64">
        <label htmlFor={`${id}-day`} className="field-label">
          ¿Ya lo hiciste? ¿Qué día?
        </label>
        <input
          id={`${id}-day`}
          name="started_on"
          type="date"
          className="field-input"
          min={target.kind === 'company' ? target.min : undefined}
          max={chileDay()}
          required
          value={day}
          onChange={(e) => setDay(e.target.value)}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={error ? `${id}-note` : undefined}
        />
        {error && (
          <p id={`${id}-note`} className="field-error" role="alert">
            {error}
          </p>
        )}
      </div>
      <button className="btn-primary" type="submit" disabled={pending}>
        {pending ? 'Anotando…' : 'Anotar inicio de actividades'}
      </button>
    </form>
  );
}

const CHECK_LABELS = { ok: 'verificada', rejected: 'no la reconoce', null: 'sin probar' } as const;

/** The card providers connected, each with «Probar conexión»; none yet: where to connect one. */
function Providers({
  providers,
  selling,
  onDone,
}: {
  providers: ProviderState[];
  selling: boolean;
  onDone: Refresh;
}) {
  if (providers.length === 0)
    return selling ? (
      <p className="mt-5 border-t border-ink-100 pt-4 text-sm text-ink-700">
        Cobra con tarjeta desde tu primera venta:{' '}
        <a className="font-semibold text-brand-700 underline" href={ORDER_PATHS.webpay}>
          conecta Webpay, Flow o Mercado Pago
        </a>
      </p>
    ) : null;
  return (
    <div className="mt-5 border-t border-ink-100 pt-4">
      <h3 className="text-sm font-semibold">Tus medios de pago</h3>
      <ul className="mt-2 space-y-2">
        {providers.map((p) => (
          <ProviderRow key={p.method} provider={p} onDone={onDone} />
        ))}
      </ul>
    </div>
  );
}

const CHECKS = {
  webpay: actions.webpay.check,
  flow: actions.flow.check,
  mercadopago: actions.mercadopago.check,
};

function ProviderRow({ provider, onDone }: { provider: ProviderState; onDone: Refresh }) {
  const [state, submit, pending] = useFormAction(CHECKS[provider.method]);
  useOutcome(state, onDone);
  const { name } = provider;
  const label = CHECK_LABELS[provider.check ?? 'null'];
  return (
    <li className="flex flex-wrap items-center justify-between gap-2 text-sm">
      <span>
        <strong>{name}</strong>:{' '}
        <span className={provider.check === 'ok' ? 'text-success-700' : 'text-warning-600'}>
          {provider.check === 'rejected' ? `${name} ${label}` : `cuenta ${label}`}
        </span>
      </span>
      <form action={submit}>
        <button
          className="btn-secondary min-h-9 px-3 text-sm"
          type="submit"
          disabled={pending}
          aria-label={`Probar conexión con ${name}`}
        >
          {pending ? 'Probando…' : 'Probar conexión'}
        </button>
      </form>
    </li>
  );
}

/** The next lesson, opened in place: what it is about, and the way to watch it. */
function Lesson({ lesson }: { lesson: NextLesson }) {
  return (
    <details className="mt-5 border-t border-ink-100 pt-4 text-sm">
      <summary className="cursor-pointer font-semibold text-ink-800">
        Tu próxima lección: {lesson.title} ({lesson.minutes} min)
      </summary>
      <p className="mt-2 max-w-2xl text-ink-600">{lesson.summary}</p>
      <a className="btn-secondary mt-3" href={lesson.href}>
        Ver la lección
      </a>
    </details>
  );
}

export default withIslandBoundary(JourneyCard);
