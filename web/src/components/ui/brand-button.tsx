import type { ButtonHTMLAttributes } from 'react';
import { brandColorOrDefault, readableTextColor } from '../../lib/contrast.ts';

interface BrandButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** A practice colour (button_color_2); text is light or dark, whichever reads at 4.5:1 or better. */
  color: string | null | undefined;
  variant?: 'solid' | 'outline';
}

/** Spec section 2: step buttons in the practice's button colour, at least 40 × 112 px. */
export function BrandButton({ color, variant = 'solid', className = '', style, type = 'button', ...props }: BrandButtonProps) {
  const background = brandColorOrDefault(color);
  const colors =
    variant === 'solid'
      ? { backgroundColor: background, color: readableTextColor(background), borderColor: background }
      : { backgroundColor: '#ffffff', color: '#0f172a', borderColor: background };
  return (
    <button
      type={type}
      className={`inline-flex min-h-10 min-w-28 items-center justify-center rounded-md border-2 px-5 py-2 text-base font-semibold transition-opacity disabled:cursor-not-allowed disabled:opacity-50 ${className}`}
      style={{ ...colors, ...style }}
      {...props}
    />
  );
}
