import {
  blankPartner,
  MIN_DIRECTORS,
  PARTNER_LIMITS,
  partnerName,
  type EirlDraft,
  type Partner,
  type SpaDraft,
} from '@/lib/formation/draft';
import { PartnerFields } from '@/islands/formation/PartnerFields';
import type { StepProps } from '@/islands/formation/steps/types';

/** 07 (spa, ltda): the partners, added and removed within the type's limits. */
export function PartnersStep({ type, draft, update, err }: StepProps) {
  const partners = (draft as SpaDraft).partnersPersonalInfo;
  const { min, max } = PARTNER_LIMITS[type];
  const setPartner = (i: number, p: Partner) =>
    update({ partnersPersonalInfo: partners.map((x, j) => (j === i ? p : x)) });
  const noun = type === 'spa' ? 'accionista' : 'socio';
  const administration = (draft as SpaDraft).administration;
  const board = administration === 'directorio';
  return (
    <div className="space-y-6">
      {err('partnersPersonalInfo') && (
        <p className="field-error" role="alert">
          {err('partnersPersonalInfo')}
        </p>
      )}
      {administration !== 'socios' && (
        <p className="text-sm text-ink-600" id="administra-hint">
          {board
            ? `Marca a quienes integrarán el directorio (al menos ${MIN_DIRECTORS}).`
            : 'Marca a quién (o a quiénes) administrará la empresa y la representará.'}
        </p>
      )}
      {err('administra') && (
        <p className="field-error" role="alert">
          {err('administra')}
        </p>
      )}
      {partners.map((p, i) => (
        <section key={i} className="card p-5" aria-labelledby={`partner-${i}`}>
          <div className="mb-4 flex items-center justify-between gap-3">
            <h2 id={`partner-${i}`} className="text-lg font-semibold">
              {noun === 'socio' ? 'Socio' : 'Accionista'} {i + 1}
              {partnerName(p) && (
                <span className="font-normal text-ink-500"> · {partnerName(p)}</span>
              )}
            </h2>
            {partners.length > min && (
              <button
                type="button"
                className="btn-ghost min-h-9 px-3 text-sm text-danger-700"
                onClick={() => update({ partnersPersonalInfo: partners.filter((_, j) => j !== i) })}
              >
                Quitar
              </button>
            )}
          </div>
          <PartnerFields
            prefix={`partnersPersonalInfo.${i}`}
            value={p}
            onChange={(v) => setPartner(i, v)}
            errors={err}
          />
          {administration !== 'socios' && (
            <label className="mt-4 flex items-center gap-3 text-sm font-medium">
              <input
                type="checkbox"
                className="size-5 accent-brand-600"
                name={`partnersPersonalInfo.${i}.administra`}
                checked={!!p.administra}
                onChange={(e) => setPartner(i, { ...p, administra: e.target.checked })}
                aria-describedby="administra-hint"
              />
              {board ? 'Integrará el directorio' : 'Administrará la empresa'}
            </label>
          )}
        </section>
      ))}
      {partners.length < max && (
        <button
          type="button"
          className="btn-secondary w-full"
          onClick={() => update({ partnersPersonalInfo: [...partners, blankPartner()] })}
        >
          + Agregar otro {noun}
        </button>
      )}
    </div>
  );
}

/** 05 (eirl): the single owner, a natural person. */
export function OwnerStep({ draft, update, err }: StepProps) {
  const owner = (draft as EirlDraft).personalInfo;
  return (
    <section className="card p-5" aria-label="Titular">
      <PartnerFields
        prefix="personalInfo"
        value={owner}
        onChange={(v) => update({ personalInfo: v })}
        errors={err}
      />
    </section>
  );
}
