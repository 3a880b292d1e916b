import { useEffect, useState } from 'react';
import { loadActivities, sentenceCase } from '@/lib/chile/activities';
import { api, serverFieldErrors, serverMessage } from '@/lib/api';
import { classes } from '@/lib/class-names';
import { BUSINESS_TYPE_INFO, type BusinessType } from '@/lib/formation/business-type';
import { toFullStatePayload } from '@/lib/formation/payload';
import { FORMATION_STEPS, stepPath } from '@/lib/formation/steps';
import { summarizeDraft } from '@/lib/formation/summary';
import { validateDraft } from '@/lib/formation/validation';
import { resetDraft } from '@/lib/formation/store.client';
import { toast, toastError } from '@/lib/toast/store.client';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { SyncBadge, useDraft, useDraftSync } from '@/islands/formation/useDraft';

/** Reached with the back button after sending: what was sent, not a blank draft's gaps. */
function AlreadySent({ type, sent }: { type: BusinessType; sent: { id: number; name: string } }) {
  return (
    <div role="status" className="card p-6">
      <p className="eyebrow">Constitución de {BUSINESS_TYPE_INFO[type].label}</p>
      <h1 className="mt-1 text-2xl font-bold">Ya enviaste esta solicitud</h1>
      <p className="mt-3 text-ink-700">
        Recibimos los datos de {sent.name || 'tu empresa'}. Puedes seguir su estado o empezar otra
        empresa desde el primer paso.
      </p>
      <div className="mt-5 flex flex-col gap-3 sm:flex-row">
        <a className="btn-primary" href={`/dashboard/formalizacion/${sent.id}`}>
          Ver el estado de la solicitud
        </a>
        <a className="btn-secondary" href={stepPath(type, FORMATION_STEPS[type][0]!)}>
          Empezar otra empresa
        </a>
      </div>
    </div>
  );
}

/** /revision: every field grouped by step, the validation summary, and "Enviar". */
function FormationRevision({ type }: { type: BusinessType }) {
  const { draft, sent } = useDraft(type);
  const status = useDraftSync(type);
  const [sending, setSending] = useState(false);
  const [serverErrors, setServerErrors] = useState<string[]>([]);
  const byStep = validateDraft(type, draft);
  const [names, setNames] = useState<Map<string, string>>(new Map());
  useEffect(() => {
    void loadActivities().then((list) =>
      setNames(new Map(list.map((a) => [a.code, sentenceCase(a.description)]))),
    );
  }, []);
  const groups = summarizeDraft(type, draft, (code) => names.get(code));
  const pending = groups.filter((g) => Object.keys(byStep[g.step]).length > 0);
  const problems = Object.values(byStep).reduce((n, e) => n + Object.keys(e).length, 0);

  async function send() {
    setSending(true);
    setServerErrors([]);
    try {
      const company = await api<{ id: number }>('/api/companies/', {
        method: 'POST',
        body: { type, ...toFullStatePayload(type, draft) },
      });
      resetDraft(type, { id: company.id, name: draft.companyName.trim() });
      toast({
        title: '¡Solicitud enviada!',
        description: `Recibimos los datos de ${draft.companyName.trim()}.`,
      });
      window.location.assign(`/modelo-de-negocio/formulario-enviado?empresa=${company.id}`);
    } catch (error) {
      setServerErrors(Object.values(serverFieldErrors(error)).flat());
      toastError(
        serverMessage(error) ??
          'No pudimos enviar tu solicitud. Tus datos siguen guardados; inténtalo de nuevo.',
        'No se pudo enviar',
      );
      setSending(false);
    }
  }

  if (sent) return <AlreadySent type={type} sent={sent} />;

  return (
    <div>
      <div className="flex flex-wrap items-start justify-between gap-4">
        <div>
          <p className="eyebrow">Constitución de {BUSINESS_TYPE_INFO[type].label} · Revisión</p>
          <h1 className="mt-1 text-2xl font-bold sm:text-3xl">
            {draft.companyName.trim() || 'Tu empresa'}
          </h1>
        </div>
        <SyncBadge status={status} />
      </div>

      <div
        role="status"
        className={classes(
          'mt-6 rounded-(--radius-card) p-5',
          problems ? 'bg-warning-50 text-ink-800' : 'bg-success-50 text-success-700',
        )}
      >
        {problems ? (
          <>
            <p className="font-semibold">
              Faltan {problems} {problems === 1 ? 'dato' : 'datos'} por completar o corregir
            </p>
            <ul className="mt-2 space-y-1 text-sm">
              {pending.map((g) => (
                <li key={g.step}>
                  <a className="font-medium text-brand-700 underline" href={stepPath(type, g.step)}>
                    {g.title}
                  </a>
                  : {Object.values(byStep[g.step]).slice(0, 2).join(' ')}
                </li>
              ))}
            </ul>
          </>
        ) : (
          <p className="font-semibold">
            Todo está completo. Revisa los datos y envía tu solicitud.
          </p>
        )}
      </div>

      <div className="mt-8 space-y-5">
        {groups.map((g, gi) => {
          const errors = Object.keys(byStep[g.step]).length;
          return (
            <section
              key={g.step}
              className="card p-5 print:break-inside-avoid print:shadow-none"
              aria-labelledby={`group-${g.step}`}
            >
              <div className="flex items-center justify-between gap-3">
                <h2 id={`group-${g.step}`} className="text-lg font-semibold">
                  {gi + 1}. {g.title}
                  {errors > 0 && (
                    <span
                      className="ml-2 rounded-full bg-warning-50 px-2 py-0.5 text-xs
                      font-semibold text-warning-600"
                    >
                      Incompleto
                    </span>
                  )}
                </h2>
                <a
                  href={stepPath(type, g.step)}
                  className="btn-ghost min-h-9 px-3 text-sm no-print"
                  aria-label={`Editar ${g.title}`}
                >
                  Editar
                </a>
              </div>
              {g.rows.length > 0 && (
                <dl className="mt-3 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-[12rem_1fr]">
                  {g.rows.map((r) => (
                    <div key={r.label} className="contents">
                      <dt className="text-ink-500">{r.label}</dt>
                      <dd className="whitespace-pre-line text-ink-900">{r.value}</dd>
                    </div>
                  ))}
                </dl>
              )}
              {g.people?.map((p) => (
                <div key={p.title} className="mt-4 border-t border-ink-100 pt-3">
                  <h3 className="text-sm font-semibold">{p.title}</h3>
                  <dl className="mt-2 grid gap-x-6 gap-y-1.5 text-sm sm:grid-cols-[12rem_1fr]">
                    {p.rows.map((r) => (
                      <div key={r.label} className="contents">
                        <dt className="text-ink-500">{r.label}</dt>
                        <dd className="text-ink-900">{r.value}</dd>
                      </div>
                    ))}
                  </dl>
                </div>
              ))}
            </section>
          );
        })}
      </div>

      {serverErrors.length > 0 && (
        <ul
          role="alert"
          className="mt-6 list-disc rounded-xl bg-danger-50 p-4 pl-8 text-sm text-danger-700"
        >
          {serverErrors.map((e) => (
            <li key={e}>{e}</li>
          ))}
        </ul>
      )}

      <div
        className="mt-8 flex flex-col-reverse gap-3 border-t border-ink-100 pt-6 sm:flex-row
        sm:justify-between no-print"
      >
        <a href={stepPath(type, 'chat')} className="btn-ghost">
          Completar conversando
        </a>
        <button
          type="button"
          className="btn-accent sm:min-w-56"
          disabled={problems > 0 || sending}
          onClick={send}
          aria-describedby="send-hint"
        >
          {sending ? 'Enviando…' : 'Enviar solicitud'}
        </button>
      </div>
      <p id="send-hint" className="mt-2 text-right text-xs text-ink-500 no-print">
        {problems
          ? 'Podrás enviar cuando todo esté completo.'
          : 'Al enviar, nuestro equipo revisará tus datos y te contactará.'}
      </p>
    </div>
  );
}

export default withIslandBoundary(FormationRevision);
