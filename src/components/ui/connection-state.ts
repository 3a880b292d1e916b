/** What a provider last answered of an account, as the seller reads it (`ConnectionState.astro`). */
export interface ConnectionStateInfo {
  label: string;
  tone: string;
  help: string;
}
