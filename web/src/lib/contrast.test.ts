import { describe, expect, it } from 'vitest';
import {
  brandButtonColors,
  brandColorOrDefault,
  mixColors,
  contrastRatio,
  DARK_TEXT,
  DEFAULT_BRAND_COLOR,
  LIGHT_TEXT,
  parseHexColor,
  readableTextColor,
  relativeLuminance,
} from './contrast.ts';

describe('parseHexColor', () => {
  it.each([
    ['#334155', [0x33, 0x41, 0x55]],
    ['#FFF', [255, 255, 255]],
    ['0f766e', [0x0f, 0x76, 0x6e]],
    [' #abc ', [0xaa, 0xbb, 0xcc]],
  ])('reads %s', (input, rgb) => {
    expect(parseHexColor(input)).toEqual(rgb);
  });

  it.each(['', 'red', '#12345', '#gggggg', 'rgb(0,0,0)'])('rejects %j', (input) => {
    expect(parseHexColor(input)).toBeNull();
  });
});

describe('relativeLuminance and contrastRatio', () => {
  it('follows the WCAG 2 formula', () => {
    expect(relativeLuminance('#000000')).toBe(0);
    expect(relativeLuminance('#ffffff')).toBeCloseTo(1, 10);
    expect(contrastRatio('#000000', '#ffffff')).toBeCloseTo(21, 10);
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 10);
    // A published reference value: #777777 on white is 4.48:1.
    expect(contrastRatio('#777777', '#ffffff')).toBeCloseTo(4.48, 2);
  });
});

describe('readableTextColor', () => {
  it('puts white on dark and near-black on light backgrounds', () => {
    expect(readableTextColor(DEFAULT_BRAND_COLOR)).toBe(LIGHT_TEXT);
    expect(readableTextColor('#0f766e')).toBe(LIGHT_TEXT);
    expect(readableTextColor('#fde68a')).toBe(DARK_TEXT);
    expect(readableTextColor('#ffffff')).toBe(DARK_TEXT);
  });

  it('treats an unusable colour as the default brand colour', () => {
    expect(brandColorOrDefault('not-a-colour')).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColorOrDefault(null)).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColorOrDefault('#0F766E')).toBe('#0F766E');
    expect(readableTextColor('not-a-colour')).toBe(LIGHT_TEXT);
  });

  it('keeps at least 4.5:1 on every background, mid-tones included', () => {
    const steps = [0x00, 0x22, 0x44, 0x66, 0x77, 0x80, 0x88, 0x99, 0xaa, 0xcc, 0xee, 0xff];
    const hex = (n: number) => n.toString(16).padStart(2, '0');
    for (const r of steps) {
      for (const g of steps) {
        for (const b of steps) {
          const background = `#${hex(r)}${hex(g)}${hex(b)}`;
          expect(contrastRatio(background, readableTextColor(background)), background).toBeGreaterThanOrEqual(4.5);
        }
      }
    }
  });
});

describe('brandButtonColors: step buttons keep readable text, enabled or disabled, on any practice colour', () => {
  const colours = [
    '#fde68a',
    '#777777',
    '#808080',
    '#0f766e',
    '#ffffff',
    '#000000',
    '#1d4ed8',
    '#dc2626',
    '#22c55e',
    '#f59e0b',
    'not-a-colour',
  ];

  it.each(colours)('%s', (colour) => {
    for (const variant of ['solid', 'outline'] as const) {
      for (const isDisabled of [false, true]) {
        const { backgroundColor, color } = brandButtonColors(colour, variant, isDisabled);
        expect(
          contrastRatio(backgroundColor, color),
          `${variant} ${isDisabled ? 'disabled' : 'enabled'}`,
        ).toBeGreaterThanOrEqual(4.5);
      }
    }
  });

  it('shows disabled by a lighter fill, not by the same colour', () => {
    expect(brandButtonColors('#0f766e', 'solid', true).backgroundColor).not.toBe(
      brandButtonColors('#0f766e', 'solid', false).backgroundColor,
    );
    expect(relativeLuminance(brandButtonColors('#0f766e', 'solid', true).backgroundColor)).toBeGreaterThan(
      relativeLuminance('#0f766e'),
    );
  });

  it('mixes colours channel by channel', () => {
    expect(mixColors('#000000', '#ffffff', 0.5)).toBe('#808080');
    expect(mixColors('#336699', '#336699', 0.3)).toBe('#336699');
  });
});
