import { useEffect, useRef, useState } from 'react';
import { TextField } from '@/islands/ui/fields';
import { withIslandBoundary } from '@/islands/ui/IslandBoundary';
import { api } from '@/lib/api';
import { slugify } from '@/lib/slug';
import { SITE_NAME_MAX, subdomainSchema } from '@/lib/sites/schemas';

type Check = {
  state: 'idle' | 'checking' | 'available' | 'taken' | 'invalid' | 'offline';
  message: string;
};

/** A subdomain suggested from a name: the name's slug, cut to a DNS label. */
export function suggestSubdomain(name: string): string {
  return slugify(name, '').slice(0, 40).replace(/-+$/, '');
}

/**
 * The name and subdomain of the new-site form. Server-rendered as two plain inputs, so the form
 * posts without JavaScript (the server checks everything again); once hydrated, the subdomain
 * follows the name until the seller edits it, and is checked as they type: the rules first,
 * then `GET /api/sites/availability/`.
 */
function NewSiteFields({
  name: initialName,
  subdomain: initialSubdomain,
  suffix,
  errors,
}: {
  name: string;
  subdomain: string;
  suffix: string;
  errors: Record<string, string | undefined>;
}) {
  const [name, setName] = useState(initialName);
  const [subdomain, setSubdomain] = useState(initialSubdomain);
  const [edited, setEdited] = useState(initialSubdomain !== '');
  const [check, setCheck] = useState<Check>({ state: 'idle', message: '' });
  const serverError = useRef(errors.subdomain);
  const subdomainInput = useRef<HTMLInputElement>(null);

  // What was typed before the island hydrated stays (the plain inputs were usable already).
  useEffect(() => {
    const input = subdomainInput.current;
    const typedName = input?.form?.elements.namedItem('name');
    if (typedName instanceof HTMLInputElement && typedName.value !== initialName)
      setName(typedName.value);
    if (input && input.value !== initialSubdomain) {
      setSubdomain(input.value);
      setEdited(true);
    }
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once, at hydration
  }, []);

  useEffect(() => {
    if (!subdomain) return setCheck({ state: 'idle', message: '' });
    const parsed = subdomainSchema.safeParse(subdomain);
    if (!parsed.success)
      return setCheck({ state: 'invalid', message: parsed.error.issues[0]!.message });
    const controller = new AbortController();
    setCheck({ state: 'checking', message: 'Revisando…' });
    const check = async () => {
      try {
        // The shared client: its timeout, one retry, and a 401 that signs out to /login.
        const body = await api<{ available: boolean; message: string }>(
          '/api/sites/availability/',
          { query: { subdomain: parsed.data }, signal: controller.signal },
        );
        setCheck({
          state: body.available ? 'available' : 'taken',
          message: body.available ? `Disponible: ${parsed.data}.${suffix}` : body.message,
        });
      } catch {
        if (!controller.signal.aborted)
          setCheck({
            state: 'offline',
            message: 'No pudimos revisar ahora; lo revisaremos al crear el sitio.',
          });
      }
    };
    const timer = setTimeout(() => void check(), 300);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [subdomain, suffix]);

  const subdomainError =
    check.state === 'invalid' || check.state === 'taken'
      ? check.message
      : check.state === 'idle'
        ? serverError.current
        : undefined;
  return (
    <>
      <TextField
        label="Nombre del sitio"
        name="name"
        required
        maxLength={SITE_NAME_MAX}
        value={name}
        onChange={(e) => {
          setName(e.target.value);
          if (!edited) setSubdomain(suggestSubdomain(e.target.value));
        }}
        placeholder="Dulces de la Abuela"
        error={errors.name}
        autoComplete="organization"
      />
      <div>
        <label htmlFor="site-subdomain" className="field-label">
          Dirección
        </label>
        <div className="flex items-stretch">
          <input
            ref={subdomainInput}
            id="site-subdomain"
            name="subdomain"
            className="field-input rounded-r-none"
            required
            value={subdomain}
            onChange={(e) => {
              serverError.current = undefined;
              setEdited(true);
              setSubdomain(e.target.value.toLowerCase().replace(/\s+/g, '-'));
            }}
            inputMode="url"
            autoCapitalize="none"
            spellCheck={false}
            placeholder="dulces-abuela"
            aria-invalid={subdomainError ? true : undefined}
            aria-describedby="site-subdomain-status"
          />
          <span
            className="flex items-center rounded-r-(--radius-control) border border-l-0
            border-ink-300 bg-ink-50 px-3 text-sm text-ink-600"
          >
            .{suffix}
          </span>
        </div>
        <p
          id="site-subdomain-status"
          aria-live="polite"
          className={
            subdomainError
              ? 'field-error'
              : check.state === 'available'
                ? 'field-hint font-semibold text-success-700'
                : 'field-hint'
          }
        >
          {subdomainError ??
            (check.message ||
              'Minúsculas, números y guiones. Después puedes conectar tu propio dominio.')}
        </p>
      </div>
    </>
  );
}

export default withIslandBoundary(NewSiteFields);
