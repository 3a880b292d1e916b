/**
 * What the features tell the infrastructure, which imports none of them (the import rules test
 * it): how a page names its visit, which cookies vary a cached page, who a credential is.
 */
import { cachedUser } from '@/lib/accounts/auth-tokens.server';
import { toPublicUser } from '@/lib/accounts/users.server';
import { recordIfVisit } from '@/lib/figures/visit-buffer.server';
import { VISIT_HEADER } from '@/lib/figures/visits';
import { cartVariant } from '@/lib/checkout/cart-cookie';
import { consentVariant } from '@/lib/privacy/consent';
import { CATALOGUE_PARAMS } from '@/lib/sites/site-route';
import { configurePageCache } from '@/lib/server/cache/page-cache';
import { configureCredentialLookup } from '@/lib/server/private-answers';

/** Installs the features' hooks; calling it again changes nothing. */
export function wireFeatures(): void {
  configurePageCache({
    visitHeader: VISIT_HEADER,
    recordVisit: recordIfVisit,
    variantOf: (cookie) => cartVariant(cookie) + consentVariant(cookie),
    queryParams: CATALOGUE_PARAMS,
  });
  configureCredentialLookup((token) => {
    const row = cachedUser(token);
    return row && toPublicUser(row);
  });
}
