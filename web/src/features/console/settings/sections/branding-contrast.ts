import { contrastRatio, LIGHT_TEXT, MIN_TEXT_CONTRAST, parseHexColor } from '../../../../lib/contrast.ts';
import { pathKey, type SettingsDocument } from '../settings-document.ts';

/** The practice's colours, in the console's words. */
export const BRAND_COLOURS = [
  { key: 'brand_color', label: 'Brand colour (the band at the top)' },
  { key: 'button_color_1', label: 'Chosen card and time colour' },
  { key: 'button_color_2', label: 'Button colour' },
] as const;

/**
 * A colour's contrast with the white page it sits on, rounded down so that a ratio said to pass always does
 * (ADR 0083); null for a value that is no colour (the server's rule says so).
 */
export function contrastWithPage(colour: string): number | null {
  if (!parseHexColor(colour)) return null;
  return Math.floor(contrastRatio(colour, LIGHT_TEXT) * 100) / 100;
}

export const ratioText = (ratio: number) => `${ratio.toFixed(2)}:1`;

/** Each colour below 4.5:1 against white, keyed by its path like the server's problems: these block a save. */
export function contrastProblems(draft: SettingsDocument): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const { key } of BRAND_COLOURS) {
    const ratio = contrastWithPage(draft.form_customization?.[key] ?? '');
    if (ratio !== null && ratio < MIN_TEXT_CONTRAST)
      problems[pathKey(['form_customization', key])] =
        `Contrast with white is ${ratioText(ratio)}; it must be at least ${MIN_TEXT_CONTRAST}:1. ` +
        'Choose a darker colour.';
  }
  return problems;
}
