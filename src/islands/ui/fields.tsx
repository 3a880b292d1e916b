/** Form building blocks shared by every island: labelled fields with inline errors. */
import { useEffect, useId, useState, type InputHTMLAttributes, type ReactNode } from 'react';

interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: ReactNode;
}

/** A labelled input; `error` is announced and marks the input invalid. */
export function TextField({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <input id={id} className="field-input" aria-invalid={error ? true : undefined} aria-describedby={describedBy} {...input} />
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
    </div>
  );
}

/** A password input with a show/hide toggle. */
export function PasswordField(props: Omit<FieldProps, 'type'>) {
  const [visible, setVisible] = useState(false);
  const id = useId();
  const { label, error, hint, className, ...input } = props;
  const describedBy = [error ? `${id}-error` : '', hint ? `${id}-hint` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className}>
      <label htmlFor={id} className="field-label">
        {label}
      </label>
      <div className="relative">
        <input
          id={id}
          type={visible ? 'text' : 'password'}
          className="field-input pr-24"
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy}
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
    </div>
  );
}

/** A submit button that shows progress and cannot be pressed twice. */
export function SubmitButton({ busy, children, busyText, className = 'btn-primary w-full' }: { busy: boolean; children: ReactNode; busyText: string; className?: string }) {
  return (
    <button type="submit" className={className} disabled={busy} aria-busy={busy}>
      {busy && <span className="size-4 animate-spin rounded-full border-2 border-current border-t-transparent" aria-hidden="true" />}
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
    const saved = sessionStorage.getItem(`impulsa:form:${key}`);
    if (saved !== null) setValue(saved);
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
