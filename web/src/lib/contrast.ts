/** Spec section 2: the brand colour when a practice has none (dark slate). */
export const DEFAULT_BRAND_COLOR = '#334155';

export const LIGHT_TEXT = '#ffffff';
export const DARK_TEXT = '#0f172a';
const BLACK = '#000000';

/** WCAG 2 minimum contrast for normal text (success criterion 1.4.3). */
export const MIN_TEXT_CONTRAST = 4.5;

type Rgb = readonly [number, number, number];

/** `#rgb` or `#rrggbb` (any case) as 0-255 channels; null for anything else. */
export function parseHexColor(color: string): Rgb | null {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(color.trim());
  if (!match?.[1]) return null;
  const hex = match[1].length === 3 ? [...match[1]].map((c) => c + c).join('') : match[1];
  return [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16)) as unknown as Rgb;
}

/** The practice's brand colour when it is a usable hex colour, otherwise the default. */
export function brandColorOrDefault(color: string | null | undefined): string {
  return color && parseHexColor(color) ? color.trim() : DEFAULT_BRAND_COLOR;
}

/** WCAG 2 relative luminance of a hex colour (0 = black, 1 = white). */
export function relativeLuminance(color: string): number {
  const rgb = parseHexColor(color);
  if (!rgb) throw new Error(`Not a hex colour: ${color}`);
  const [r, g, b] = rgb.map((channel) => {
    const c = channel / 255;
    return c <= 0.04045 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as unknown as Rgb;
  return 0.2126 * r + 0.7152 * g + 0.0722 * b;
}

export function contrastRatio(a: string, b: string): number {
  const [lighter, darker] = [relativeLuminance(a), relativeLuminance(b)].sort((x, y) => y - x) as [number, number];
  return (lighter + 0.05) / (darker + 0.05);
}

/**
 * White or near-black text for a background, whichever contrasts more. For mid-tones where
 * neither reaches 4.5:1, pure black does (whenever white falls short, black exceeds 4.5:1).
 */
export function readableTextColor(background: string): string {
  const bg = brandColorOrDefault(background);
  const best = contrastRatio(bg, LIGHT_TEXT) >= contrastRatio(bg, DARK_TEXT) ? LIGHT_TEXT : DARK_TEXT;
  return contrastRatio(bg, best) >= MIN_TEXT_CONTRAST ? best : BLACK;
}

const toHex = (rgb: readonly number[]) => `#${rgb.map((c) => Math.round(c).toString(16).padStart(2, '0')).join('')}`;

/** `a` mixed with `b` in sRGB: weight 0 is `a`, 1 is `b`. */
export function mixColors(a: string, b: string, weight: number): string {
  const from = parseHexColor(a) ?? parseHexColor(DEFAULT_BRAND_COLOR)!;
  const to = parseHexColor(b) ?? parseHexColor(DEFAULT_BRAND_COLOR)!;
  return toHex(from.map((channel, i) => channel + (to[i]! - channel) * weight));
}

/** How far a disabled button's colour fades towards white. */
const DISABLED_FADE = 0.6;

export interface ButtonColors {
  backgroundColor: string;
  color: string;
  borderColor: string;
}

/**
 * A step button in a practice colour. Disabled, it fades towards white and its text is chosen
 * afresh for the faded colour, so it still reads at 4.5:1 (a plain opacity would fade the text
 * with it, below contrast, on many practice colours).
 */
export function brandButtonColors(
  color: string | null | undefined,
  variant: 'solid' | 'outline',
  isDisabled: boolean,
): ButtonColors {
  const background = brandColorOrDefault(color);
  if (variant === 'outline') {
    return isDisabled
      ? { backgroundColor: LIGHT_TEXT, color: '#475569', borderColor: mixColors(background, LIGHT_TEXT, DISABLED_FADE) }
      : { backgroundColor: LIGHT_TEXT, color: DARK_TEXT, borderColor: background };
  }
  const fill = isDisabled ? mixColors(background, LIGHT_TEXT, DISABLED_FADE) : background;
  return { backgroundColor: fill, color: readableTextColor(fill), borderColor: fill };
}
