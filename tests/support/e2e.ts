/**
 * The browser files' `it`, with what most of their tests begin with as fixtures: a new account
 * signed in on a desktop (`desktop`) or a phone (`phone`), and a seller on a phone with
 * JavaScript off beside a page of the same account with it on (`noScript`). Each is a fresh
 * account on the first server, in the file's browser (`useBrowser`), closed after its test
 * whether it passed or not.
 */
import { inject, it as base } from 'vitest';
import { currentBrowser, DESKTOP, MOBILE, sellerWithoutScript, signedInContext } from './browser';

type SignedIn = Awaited<ReturnType<typeof signedInContext>>;
type NoScript = Awaited<ReturnType<typeof sellerWithoutScript>>;

const serverUrl = () => inject('servers')[0]!.url;

export const it = base.extend<{ desktop: SignedIn; phone: SignedIn; noScript: NoScript }>({
  desktop: async ({}, use) => {
    const signedIn = await signedInContext(currentBrowser(), serverUrl(), DESKTOP);
    await use(signedIn);
    await signedIn.context.close();
  },
  phone: async ({}, use) => {
    const signedIn = await signedInContext(currentBrowser(), serverUrl(), MOBILE);
    await use(signedIn);
    await signedIn.context.close();
  },
  noScript: async ({}, use) => {
    const seller = await sellerWithoutScript(currentBrowser(), serverUrl());
    await use(seller);
    await seller.close();
  },
});
