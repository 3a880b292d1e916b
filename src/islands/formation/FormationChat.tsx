import { persistentJSON } from '@nanostores/persistent';
import { useStore } from '@nanostores/react';
import React, { useEffect, useMemo, useRef, useState, type SubmitEvent } from 'react';
import { classes } from '@/lib/class-names';
import { BUSINESS_TYPE_INFO, type BusinessType } from '@/lib/formation/business-type';
import {
  answerError,
  chatQuestions,
  currentQuestionIndex,
  isDone,
  type ChatQuestion,
} from '@/lib/formation/chat';
import { checkCompanyName } from '@/lib/formation/names';
import { companyNameOwner } from '@/lib/formation/validation';
import { readActivityAnswer } from '@/lib/formation/chat-activities';
import { buildIndex, loadActivities, type SearchIndex } from '@/lib/chile/activities';
import { STEP_INFO, stepPath } from '@/lib/formation/steps';
import { useHydrated } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { SyncBadge, useDraft, useDraftSync, useVoPlans } from '@/islands/formation/useDraft';

const answeredStores = new Map<string, ReturnType<typeof persistentJSON<string[]>>>();
function answeredStore(type: BusinessType) {
  let store = answeredStores.get(type);
  if (!store)
    answeredStores.set(
      type,
      (store = persistentJSON<string[]>(`impulsa:formation-chat:${type}`, [])),
    );
  return store;
}

/**
 * A message. `inline` leaves out the row it sits in, for a row that holds more than the bubble:
 * its 85 % then counts against that full-width row, not against a wrapper as wide as the bubble
 * itself (which clipped a one-word answer such as «Soltera»).
 */
function Bubble({
  from,
  children,
  inline = false,
}: {
  from: 'bot' | 'me';
  children: React.ReactNode;
  inline?: boolean;
}) {
  const bubble = (
    <div
      className={classes(
        'max-w-[85%] rounded-2xl px-4 py-2.5 text-sm leading-relaxed',
        from === 'me'
          ? 'rounded-br-md bg-brand-600 text-white'
          : 'rounded-bl-md bg-white text-ink-900 shadow-sm',
      )}
    >
      {children}
    </div>
  );
  return inline ? (
    bubble
  ) : (
    <div className={`flex ${from === 'me' ? 'justify-end' : 'justify-start'}`}>{bubble}</div>
  );
}

/** What the server and hydration render: the browser's copy comes right after (React needs one stable snapshot). */
const NONE_ANSWERED: string[] = [];
const noneAnswered = () => NONE_ANSWERED;

/** The chat variant (docs/spec.md §2): the assistant asks, the person answers; the same draft as the form. */
function FormationChat({ type }: { type: BusinessType }) {
  const { draft, update } = useDraft(type);
  const status = useDraftSync(type);
  const answeredList = useStore(answeredStore(type), { ssr: noneAnswered });
  const answered = useMemo(() => new Set(answeredList ?? []), [answeredList]);
  const plans = useVoPlans() ?? [];
  const [editing, setEditing] = useState<string | null>(null);
  /** What was typed, and the refusal shown, each for one question: another question starts clean. */
  const [typed, setTyped] = useState<{ question: string; value: string } | null>(null);
  const [refusal, setRefusal] = useState<{ question: string; message: string } | null>(null);
  /** The SII's list, loaded when the activities question comes up; what the person's words found. */
  const [activityIndex, setActivityIndex] = useState<SearchIndex | null>(null);
  const [activityChoices, setActivityChoices] = useState<{ value: string; label: string }[] | null>(
    null,
  );
  const hydrated = useHydrated();
  const endRef = useRef<HTMLDivElement>(null);
  const inputRef = useRef<HTMLInputElement & HTMLTextAreaElement & HTMLSelectElement>(null);

  const questions = chatQuestions(type, draft, plans);
  const currentIndex = editing
    ? questions.findIndex((q) => q.id === editing)
    : currentQuestionIndex(type, draft, questions, answered);
  const current: ChatQuestion | undefined = questions[currentIndex];
  const history = questions.filter(
    (q, i) =>
      (currentIndex === -1 || i < currentIndex || (editing && q.id !== editing)) &&
      isDone(type, draft, q, answered),
  );

  // The box shows what was typed for this question, else its saved answer: derived here rather
  // than reset by an effect, so a new question never shows the previous one's text (a select then
  // showed no option at all) and nothing typed the moment it appears is overwritten afterwards.
  const input =
    current && typed?.question === current.id
      ? typed.value
      : current && current.kind !== 'choice'
        ? current.read(draft)
        : '';
  const error = current && refusal?.question === current.id ? refusal.message : undefined;
  const setInput = (value: string) => {
    if (current) setTyped({ question: current.id, value });
  };
  useEffect(() => {
    endRef.current?.scrollIntoView({ block: 'end' });
    inputRef.current?.focus({ preventScroll: true });
  }, [current?.id]);

  useEffect(() => {
    if (current?.id === 'activityCodes' && !activityIndex)
      void loadActivities().then((list) => setActivityIndex(buildIndex(list)));
  }, [current?.id, activityIndex]);

  function answer(given: string) {
    if (!current) return;
    let value = given;
    if (current.id === 'activityCodes') {
      // Codes must be on the SII's list; words are searched there and offered back to pick from.
      if (!activityIndex) {
        setRefusal({
          question: current.id,
          message: 'Cargando la lista del SII; intenta de nuevo.',
        });
        return;
      }
      const read = readActivityAnswer(activityIndex, value);
      setActivityChoices('choices' in read ? read.choices : null);
      if ('error' in read) {
        setRefusal({ question: current.id, message: read.error });
        return;
      }
      if ('choices' in read) {
        setRefusal(null);
        return;
      }
      value = read.codes.join(', ');
    }
    const problem = answerError(type, draft, current, value);
    if (problem) {
      setRefusal({ question: current.id, message: problem });
      return;
    }
    setTyped(null);
    setRefusal(null);
    setActivityChoices(null);
    update(current.write(draft, value));
    answeredStore(type).set(Array.from(new Set([...(answeredList ?? []), current.id])));
    setEditing(null);
  }

  function onSubmit(e: SubmitEvent<HTMLFormElement>) {
    e.preventDefault();
    answer(input);
  }

  const shown = (q: ChatQuestion) => {
    const value = q.read(draft);
    if (!value) return 'Omitido';
    return q.show ? q.show(value) : (q.options?.find((o) => o.value === value)?.label ?? value);
  };
  const suggestion =
    current?.id === 'companyName' && input.trim()
      ? checkCompanyName(type, input, companyNameOwner(type, draft)).suggestion
      : undefined;
  const options =
    current?.id === 'activityCodes' && activityChoices
      ? activityChoices
      : current?.optionsFor
        ? current.optionsFor(draft)
        : current?.options;
  let lastStep = '';

  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex items-center justify-between gap-3 border-b border-ink-100 bg-white px-4 py-3">
        <div>
          <h1 className="text-base font-semibold">
            Constituye tu {BUSINESS_TYPE_INFO[type].label} conversando
          </h1>
          <p className="text-xs text-ink-500">
            <a className="underline" href={stepPath(type, '01-nombra-tu-empresa')}>
              Prefiero el formulario
            </a>
          </p>
        </div>
        <SyncBadge status={status} />
      </div>

      <div className="min-h-0 flex-1 space-y-3 overflow-y-auto px-4 py-5" aria-live="polite">
        <Bubble from="bot">
          ¡Hola! Te haré las mismas preguntas del formulario, una a la vez. Todo se guarda a medida
          que respondes.
        </Bubble>
        {history.map((q) => {
          const header = q.step !== lastStep ? STEP_INFO[q.step].title : null;
          lastStep = q.step;
          return (
            <div key={q.id} className="space-y-3">
              {header && (
                <p className="pt-2 text-center text-xs font-semibold tracking-wide text-ink-500 uppercase">
                  {header}
                </p>
              )}
              <Bubble from="bot">{q.prompt}</Bubble>
              <div className="flex items-center justify-end gap-2">
                <button
                  type="button"
                  className="shrink-0 text-xs text-brand-700 underline"
                  onClick={() => setEditing(q.id)}
                  aria-label={`Cambiar la respuesta: ${q.prompt}`}
                >
                  Cambiar
                </button>
                <Bubble from="me" inline>
                  {shown(q)}
                </Bubble>
              </div>
            </div>
          );
        })}
        {current && (
          <>
            {current.step !== lastStep && (
              <p className="pt-2 text-center text-xs font-semibold tracking-wide text-ink-500 uppercase">
                {STEP_INFO[current.step].title}
              </p>
            )}
            <Bubble from="bot">{current.prompt}</Bubble>
          </>
        )}
        {!current && (
          <div className="space-y-3">
            <Bubble from="bot">
              ¡Listo! Ya tengo todo lo necesario. Revisa los datos antes de enviar tu solicitud.
            </Bubble>
            <div className="flex justify-start">
              <a href={stepPath(type, 'revision')} className="btn-primary">
                Revisar y enviar
              </a>
            </div>
          </div>
        )}
        <div ref={endRef} />
      </div>

      {current && (
        <form
          onSubmit={onSubmit}
          className="border-t border-ink-100 bg-white p-3 sm:rounded-b-2xl"
          noValidate
        >
          {error && (
            <p className="field-error mb-2" role="alert">
              {error}
            </p>
          )}
          {suggestion && (
            <button
              type="button"
              className="mb-2 rounded-full bg-brand-50 px-3 py-1.5 text-sm font-medium text-brand-800"
              onClick={() => answer(suggestion)}
            >
              Usar «{suggestion}»
            </button>
          )}
          {current.id === 'activityCodes' && activityChoices && (
            <p className="mb-2 text-sm text-ink-700">Elige la actividad que calce:</p>
          )}
          {(current.kind === 'choice' || (current.id === 'activityCodes' && activityChoices)) &&
            options && (
              <div className="mb-2 flex flex-wrap gap-2" role="group" aria-label="Respuestas">
                {options.map((o) => (
                  <button
                    key={o.value}
                    type="button"
                    className="btn-secondary min-h-10 px-4"
                    onClick={() => answer(o.value)}
                  >
                    {o.label}
                  </button>
                ))}
              </div>
            )}
          <div className="flex gap-2">
            {current.kind === 'select' ? (
              <select
                ref={inputRef}
                aria-label={current.prompt}
                className="field-input"
                value={input}
                onChange={(e) => setInput(e.target.value)}
              >
                <option value="">Elige una opción</option>
                {options?.map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            ) : current.kind === 'textarea' ? (
              <textarea
                ref={inputRef}
                aria-label={current.prompt}
                className="field-input min-h-20 py-2"
                value={input}
                readOnly={!hydrated}
                placeholder={hydrated ? undefined : 'Cargando el asistente…'}
                onChange={(e) => setInput(e.target.value)}
              />
            ) : current.kind === 'choice' && !current.placeholder ? null : (
              <input
                ref={inputRef}
                aria-label={current.prompt}
                className="field-input"
                inputMode={current.inputMode}
                placeholder={
                  hydrated
                    ? (current.placeholder ?? 'Escribe tu respuesta')
                    : 'Cargando el asistente…'
                }
                readOnly={!hydrated}
                value={input}
                onChange={(e) => setInput(e.target.value)}
                aria-invalid={error ? true : undefined}
              />
            )}
            {!(current.kind === 'choice' && !current.placeholder) && (
              <button type="submit" className="btn-primary shrink-0 px-4">
                Enviar
              </button>
            )}
          </div>
          {current.optional && (
            <button
              type="button"
              className="mt-2 text-sm text-ink-600 underline"
              onClick={() => answer('')}
            >
              Omitir esta pregunta
            </button>
          )}
        </form>
      )}
    </div>
  );
}

export default withIslandBoundary(FormationChat);
