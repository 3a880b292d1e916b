/**
 * A seller's colours made readable: whatever two colours they pick, the text, the buttons'
 * labels and the links of their site keep WCAG AA contrast. The colours that would not are
 * replaced on the published page, and the site page says so, so nothing is silently unreadable.
 */
import type { FontPair, SiteTheme } from '@/lib/sites/schemas';
import { prose } from '@/lib/prose';

/** WCAG AA for body text. */
export const AA = 4.5;
const DARK_TEXT = '#1f2430';
const LIGHT_TEXT = '#f5f6f8';

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

/** The WCAG contrast ratio of two `#rrggbb` colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi! + 0.05) / (lo! + 0.05);
}

/** The better of dark or light text on `background`. */
const textOn = (background: string) =>
  contrastRatio(DARK_TEXT, background) >= contrastRatio(LIGHT_TEXT, background)
    ? DARK_TEXT
    : LIGHT_TEXT;

/** The colours a site's page uses, derived from its theme. */
export interface SiteColors {
  primary: string;
  background: string;
  text: string;
  /** Labels on primary-coloured buttons. */
  onPrimary: string;
  /** Links and the current page in the navigation: the primary colour when it reads on the background. */
  link: string;
}

export function siteColors(theme: Pick<SiteTheme, 'primary' | 'background'>): SiteColors {
  const text = textOn(theme.background);
  return {
    primary: theme.primary,
    background: theme.background,
    text,
    onPrimary: textOn(theme.primary),
    link: contrastRatio(theme.primary, theme.background) >= AA ? theme.primary : text,
  };
}

const ratio = (r: number) => r.toLocaleString('es-CL', { maximumFractionDigits: 1 });

/** What the seller should know about their colours (Spanish), empty when all reads well. */
export function themeWarnings(theme: Pick<SiteTheme, 'primary' | 'background'>): string[] {
  const warnings: string[] = [];
  const onBackground = contrastRatio(theme.primary, theme.background);
  if (onBackground < AA)
    warnings.push(
      prose`El color principal se lee poco sobre el fondo (contraste ${ratio(onBackground)}:1; se
        recomienda 4,5:1). Tus enlaces se mostrarán en el color del texto para que se lean.`,
    );
  const colors = siteColors(theme);
  const onButton = contrastRatio(colors.onPrimary, theme.primary);
  if (onButton < AA)
    warnings.push(
      prose`Ni el texto blanco ni el oscuro se leen bien sobre el color principal (contraste
        ${ratio(onButton)}:1). Elige un color principal más oscuro o más claro.`,
    );
  return warnings;
}

/** Inter with its metric-matched fallback (`global.css`), so text does not move when it loads. */
const INTER = "'Inter Variable', 'Inter Fallback', system-ui, sans-serif";

/** The font pairs, for the picker and the page (one place for both). */
export const FONT_INFO: Record<FontPair, { label: string; body: string; heading: string }> = {
  moderna: { label: 'Moderna (Inter)', body: INTER, heading: INTER },
  clasica: {
    label: 'Clásica (Georgia)',
    body: "Georgia, 'Times New Roman', serif",
    heading: "Georgia, 'Times New Roman', serif",
  },
  amable: {
    label: 'Amable (redondeada)',
    body: INTER,
    heading: "ui-rounded, 'Trebuchet MS', system-ui, sans-serif",
  },
};

/** The CSS custom properties of a site's theme, as an object (the editor's canvas). */
export function themeVars(theme: SiteTheme): Record<string, string> {
  const c = siteColors(theme);
  const font = FONT_INFO[theme.font];
  return {
    '--site-primary': c.primary,
    '--site-bg': c.background,
    '--site-text': c.text,
    '--site-on-primary': c.onPrimary,
    '--site-link': c.link,
    '--site-font': font.body,
    '--site-heading-font': font.heading,
  };
}

/** The same as a `style` attribute (SiteLayout). */
export function themeStyle(theme: SiteTheme): string {
  return Object.entries(themeVars(theme))
    .map(([k, v]) => `${k}:${v}`)
    .join(';');
}
