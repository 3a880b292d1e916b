/**
 * OpenFactura (Haulmer), as its API reference describes it (docs/decisions/2026-11-27-openfactura.md):
 * JSON over HTTPS with the taxpayer's `apikey` header; `POST /v2/dte/document` with an
 * `Idempotency-Key` (a repeat answers 400 `OF-06` with the first document's token, which
 * `GET /v2/dte/document/{token}/{json|pdf}` reads back); `GET /v2/dte/organization` says who
 * the key belongs to. Errors: 401/403 for a bad key, 429 past 3 a second or 100 a minute,
 * `{error: {code, message, details}}` for a refused document.
 */
import type { Issuer } from '@/lib/invoicing/dte';
import {
  InvoicingError,
  type Emitted,
  type InvoicingEnvironment,
  type InvoicingProvider,
} from '@/lib/invoicing/provider';
import { openFacturaApiUrl } from '@/lib/server/config';

/** Long enough for the SII's own round trip behind OpenFactura; the queue retries past it. */
const TIMEOUT_MS = 20_000;

/** The longest a 429 is waited out inside one job; past it the queue's backoff takes over. */
const RATE_WAIT_MAX_S = 5;

const UNAVAILABLE = 'OpenFactura no respondió. Reintentaremos en unos minutos.';
const BAD_KEY =
  'OpenFactura no reconoce la llave (API key). Revísala en /boletas y guárdala de nuevo.';

interface OfError {
  error?: {
    code?: string;
    message?: string;
    token?: string;
    details?: { field?: string; issue?: string }[];
  };
  message?: string;
}

export function openFactura(apiKey: string, environment: InvoicingEnvironment): InvoicingProvider {
  const base = openFacturaApiUrl(environment);

  async function call(
    path: string,
    init: RequestInit = {},
    retried = false,
  ): Promise<{ status: number; body: unknown }> {
    let res: Response;
    try {
      res = await fetch(`${base}${path}`, {
        ...init,
        headers: { apikey: apiKey, 'Content-Type': 'application/json', ...init.headers },
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
    } catch {
      throw new InvoicingError('unavailable', UNAVAILABLE);
    }
    const text = await res.text().catch(() => '');
    // Its limit is per second: one wait of the time it names (a few seconds at most), then once more.
    if (res.status === 429 && !retried) {
      const seconds = Number(/in (\d+) seconds?/i.exec(text)?.[1] ?? 1);
      await new Promise((r) =>
        setTimeout(r, Math.min(Math.max(seconds, 1), RATE_WAIT_MAX_S) * 1000),
      );
      return call(path, init, true);
    }
    if (res.status === 401 || res.status === 403) throw new InvoicingError('key', BAD_KEY);
    if (res.status === 429 || res.status >= 500)
      throw new InvoicingError('unavailable', UNAVAILABLE);
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : null;
    } catch {
      // A proxy's HTML page, a cut answer: nothing to act on but to try again.
      throw new InvoicingError('unavailable', UNAVAILABLE);
    }
    return { status: res.status, body };
  }

  /** The document behind `token`, read back after an `OF-06`. */
  async function byToken(token: string): Promise<Emitted> {
    const json = await call(`/v2/dte/document/${encodeURIComponent(token)}/json`);
    const pdf = await call(`/v2/dte/document/${encodeURIComponent(token)}/pdf`);
    const folio = Number(
      (json.body as { json?: { Encabezado?: { IdDoc?: { Folio?: unknown } } } } | null)?.json
        ?.Encabezado?.IdDoc?.Folio,
    );
    const base64 = (pdf.body as { pdf?: unknown } | null)?.pdf;
    if (
      json.status !== 200 ||
      pdf.status !== 200 ||
      !Number.isInteger(folio) ||
      typeof base64 !== 'string'
    )
      throw new InvoicingError('unavailable', UNAVAILABLE);
    return { token, folio, pdf: Buffer.from(base64, 'base64') };
  }

  return {
    async organization() {
      const { status, body } = await call('/v2/dte/organization');
      const org = body as {
        rut?: string;
        razonSocial?: string;
        glosaDescriptiva?: string;
        direccion?: string;
        comuna?: string;
        cdgSIISucur?: string | number;
        actividades?: { codigoActividadEconomica?: number | string }[];
      } | null;
      if (status !== 200 || !org?.rut || !org.razonSocial)
        throw new InvoicingError('unavailable', UNAVAILABLE);
      return {
        rut: org.rut,
        name: org.razonSocial,
        giro: org.glosaDescriptiva ?? '',
        address: org.direccion ?? '',
        comuna: org.comuna ?? '',
        branch: org.cdgSIISucur === undefined ? null : String(org.cdgSIISucur),
        acteco: Number(org.actividades?.[0]?.codigoActividadEconomica) || null,
      } satisfies Issuer;
    },

    async emit(dte, idempotencyKey) {
      const { status, body } = await call('/v2/dte/document', {
        method: 'POST',
        headers: { 'Idempotency-Key': idempotencyKey },
        body: JSON.stringify({ response: ['FOLIO', 'PDF'], dte }),
      });
      const answer = body as { TOKEN?: unknown; FOLIO?: unknown; PDF?: unknown } & OfError;
      if (status === 200) {
        const folio = Number(answer.FOLIO);
        if (
          typeof answer.TOKEN !== 'string' ||
          !Number.isInteger(folio) ||
          typeof answer.PDF !== 'string'
        )
          throw new InvoicingError('unavailable', UNAVAILABLE);
        return { token: answer.TOKEN, folio, pdf: Buffer.from(answer.PDF, 'base64') };
      }
      // Emitted before (a retry after a lost answer): the first document is the one.
      if (answer.error?.code === 'OF-06' && answer.error.token) return byToken(answer.error.token);
      const details = (answer.error?.details ?? [])
        .map((d) => [d.field, d.issue].filter(Boolean).join(': '))
        .filter(Boolean);
      const said = [answer.error?.code, answer.error?.message ?? answer.message]
        .filter(Boolean)
        .join(' ');
      const why = said && (details.length ? `${said}; ${details.join(', ')}` : said);
      throw new InvoicingError(
        'refused',
        `OpenFactura rechazó el documento${why ? ` (${why})` : ''}.`,
      );
    },
  };
}
