/**
 * The popup sign-in marker (docs/spec.md §4): the opener stores it before opening the popup and
 * listens for changes; the popup rewrites it when it finishes, then closes.
 */
export const OAUTH_MARKER_KEY = 'impulsa:oauth-popup';

export type OAuthMarker =
  | { state: 'pending'; at: number }
  | { state: 'done'; at: number }
  | { state: 'error'; at: number; error: string };

export function readMarker(raw: string | null): OAuthMarker | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as OAuthMarker;
    return value && typeof value === 'object' && typeof value.state === 'string' ? value : null;
  } catch {
    return null;
  }
}

/** Spanish explanations of the errors /auth/google reports. */
export const OAUTH_ERRORS: Record<string, string> = {
  not_configured:
    'El ingreso con Google no está configurado en este servidor. Ingresa con tu correo y contraseña.',
  cancelled: 'Cancelaste el ingreso con Google.',
  expired: 'El ingreso con Google tardó demasiado. Inténtalo de nuevo.',
  unverified_email: 'Tu cuenta de Google no tiene un correo verificado.',
  unavailable: 'No pudimos conectar con Google. Inténtalo de nuevo en unos minutos.',
  failed: 'No pudimos completar el ingreso con Google. Inténtalo de nuevo.',
};

export function oauthErrorMessage(code: string): string {
  return OAUTH_ERRORS[code] ?? OAUTH_ERRORS.failed!;
}
