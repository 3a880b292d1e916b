/** A page whose form answers with a redirect to a provider's page lets that redirect through its CSP. */
import type { AstroGlobal } from 'astro';
import { allowFormAction } from '@/lib/server/http/csp';
import { flowOrigins, mercadoPagoOrigins } from '@/lib/server/config';

/** Browsers hold a form's redirect to `form-action` too: Flow's and Mercado Pago's origins, when offered. */
export function allowProviderRedirects(
  page: Pick<AstroGlobal, 'csp' | 'locals'>,
  methods: readonly string[],
): void {
  if (methods.includes('flow')) for (const origin of flowOrigins()) allowFormAction(page, origin);
  if (methods.includes('mercadopago'))
    for (const origin of mercadoPagoOrigins()) allowFormAction(page, origin);
}
