/** Form building blocks shared by every island: labelled fields with inline errors. */
import React, { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

/** The hint (when there is no error) and the error under a field; ids match `describedBy`. */
function FieldMessages({ id, error, hint }: { id: string; error?: string; hint?: ReactNode }) {
  return (
    <>
      {hint && !error && (
        <p id={`${id}-hint`} className="field-hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </>
  );
}

/** `aria-describedby` for a field with these messages. */
function describedBy(id: string, error?: string, hint?: ReactNode): string | undefined {
  return (
    [error ? `${id}-error` : '', hint && !error ? `${id}-hint` : ''].filter(Boolean).join(' ') ||
    undefined
  );
}

/** What every labelled field takes besides its control's own attributes. */
interface FieldFrameProps {
  label: string;
  error?: string;
  hint?: ReactNode;
  className?: string;
}

/** Label, control and messages: the frame every field shares. */
function FieldFrame({
  id,
  label,
  error,
  hint,
  className,
  children,
}: FieldFrameProps & { id: string; children: ReactNode }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      {children}
      <FieldMessages id={id} error={error} hint={hint} />
    </div>
  );
}

/** The accessibility attributes a framed control needs. */
function controlProps(id: string, error?: string, hint?: ReactNode) {
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy(id, error, hint),
  };
}

type FieldProps = FieldFrameProps & Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'>;

/** A labelled input; `error` is announced and marks the input invalid. */
export function TextField({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <input className="field-input" {...controlProps(id, error, hint)} {...input} />
    </FieldFrame>
  );
}

/** The email field every account form uses. */
export function EmailField(
  props: Omit<FieldProps, 'type' | 'label' | 'name'> & { label?: string },
) {
  return (
    <TextField
      label="Correo electrónico"
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      {...props}
    />
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, error, hint, className, ...input } = props;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <div className="relative">
        <input
          type={visible ? 'text' : 'password'}
          className="field-input pr-24"
          {...controlProps(id, error, hint)}
          {...input}
        />
        <button
          type="button"
          onClick={() => setVisible((v) => !v)}
          className="absolute inset-y-1 right-1 rounded-md px-3 text-sm font-medium text-brand-700 hover:bg-brand-50"
          aria-pressed={visible}
          aria-controls={id}
        >
          {visible ? 'Ocultar' : 'Mostrar'}
        </button>
      </div>
    </FieldFrame>
  );
}

/** A submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({
  busy,
  children,
  busyText,
  className = 'btn-primary w-full',
}: {
  busy: boolean;
  children: ReactNode;
  busyText: string;
  className?: string;
}) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy && (
        <span
          className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent"
          aria-hidden="true"
        />
      )}
      {busy ? busyText : children}
    </button>
  );
}

/**
 * State kept in sessionStorage, so a form keeps what was typed across a reload or a failed
 * submit. Never use it for passwords.
 */
export function useSessionState(key: string, initial: string): [string, (value: string) => void] {
  const [value, setValue] = useState(initial);
  useEffect(() => {
    // What was typed before hydration (or sent back by the server) wins over an older copy.
    if (initial) {
      sessionStorage.setItem(`impulsa:form:${key}`, initial);
      return;
    }
    const saved = sessionStorage.getItem(`impulsa:form:${key}`);
    if (saved !== null) setValue(saved);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- only on mount: `initial` is the first render's value
  }, [key]);
  return [
    value,
    (next: string) => {
      setValue(next);
      sessionStorage.setItem(`impulsa:form:${key}`, next);
    },
  ];
}

/** Forgets what `useSessionState` kept for these keys (after a successful submit). */
export function clearSessionState(...keys: string[]): void {
  for (const key of keys) sessionStorage.removeItem(`impulsa:form:${key}`);
}

type SelectFieldProps = FieldFrameProps &
  Omit<React.SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> & {
    options: { value: string; label: string }[];
    placeholder?: string;
  };

/** A labelled select. */
export function SelectField({
  label,
  error,
  hint,
  options,
  placeholder,
  className,
  ...select
}: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <select className="field-input" {...controlProps(id, error, hint)} {...select}>
        {placeholder !== undefined && <option value="">{placeholder}</option>}
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}

type TextAreaFieldProps = FieldFrameProps &
  Omit<React.TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'>;

/** A labelled textarea. */
export function TextAreaField({ label, error, hint, className, ...area }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={className}>
      <textarea
        className="field-input min-h-28 py-3"
        {...controlProps(id, error, hint)}
        {...area}
      />
    </FieldFrame>
  );
}

/** Radio buttons drawn as cards, with a legend and an optional description per option. */
export function RadioCards<V extends string>({
  legend,
  name,
  value,
  options,
  onChange,
  error,
  columns = 2,
}: {
  legend: string;
  name: string;
  value: V | '';
  options: { value: V; label: string; description?: string }[];
  onChange: (value: V) => void;
  error?: string;
  columns?: 1 | 2 | 3;
}) {
  const id = useId();
  const grid = columns === 1 ? '' : columns === 3 ? 'sm:grid-cols-3' : 'sm:grid-cols-2';
  return (
    <fieldset aria-describedby={error ? `${id}-error` : undefined}>
      <legend className="field-label">{legend}</legend>
      <div className={`grid gap-2 ${grid}`}>
        {options.map((o) => (
          <label
            key={o.value}
            className="flex cursor-pointer gap-3 rounded-(--radius-control) border border-ink-200
              bg-white p-3 hover:border-brand-300 has-checked:border-brand-600
              has-checked:bg-brand-50 has-focus-visible:outline-2
              has-focus-visible:outline-brand-600"
          >
            <input
              type="radio"
              name={name}
              value={o.value}
              checked={value === o.value}
              onChange={() => onChange(o.value)}
              className="mt-0.5 size-4 shrink-0 accent-brand-600"
            />
            <span>
              <span className="block text-sm font-semibold text-ink-900">{o.label}</span>
              {o.description && (
                <span className="mt-0.5 block text-sm text-ink-600">{o.description}</span>
              )}
            </span>
          </label>
        ))}
      </div>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </fieldset>
  );
}

/**
 * What the person typed into field `name` of the server-rendered form `form` before this
 * island hydrated ('' when nothing, or on the server). Read during the first render, so the
 * island starts from it and hydration keeps it instead of resetting the field.
 */
export function typedBeforeHydration(form: string, name: string): string {
  if (typeof document === 'undefined') return '';
  const field = document.forms.namedItem(form)?.elements.namedItem(name);
  // A radio group: the checked option's value.
  if (field instanceof RadioNodeList) return field.value;
  return field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement
    ? field.value
    : '';
}

/**
 * Every named text field of the server-rendered form `form` whose text the person changed
 * before this island hydrated (its value differs from the value the server rendered).
 */
export function typedFieldsBeforeHydration(form: string): Record<string, string> {
  if (typeof document === 'undefined') return {};
  const typed: Record<string, string> = {};
  for (const field of document.forms.namedItem(form)?.elements ?? []) {
    if (!(field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement)) continue;
    if (
      field instanceof HTMLInputElement &&
      ['radio', 'checkbox', 'file', 'hidden'].includes(field.type)
    )
      continue;
    if (field.name && field.value !== field.defaultValue) typed[field.name] = field.value;
  }
  return typed;
}

/**
 * False until the island has hydrated. For fields whose meaning depends on state the server
 * cannot see (the chat's current question lives in this browser): they stay read-only until
 * then, visibly, rather than take text that would land in the wrong place.
 */
export function useHydrated(): boolean {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/** A form-level message (a refusal from the server), announced when it appears. */
export function FormAlert({ title, message }: { title: string; message: string }) {
  return (
    <div
      role="alert"
      className="rounded-(--radius-control) border border-danger-600 bg-danger-50 p-3 text-sm text-ink-900"
    >
      <p className="font-semibold">{title}</p>
      <p className="mt-0.5">{message}</p>
    </div>
  );
}
