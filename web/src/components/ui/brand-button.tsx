import type { ButtonHTMLAttributes } from 'react';
import { brandButtonColors } from '../../lib/contrast.ts';

const BUTTON_CLASS =
  'inline-flex min-h-10 min-w-28 items-center justify-center rounded-md border-2 px-5 py-2 ' +
  'text-base font-semibold disabled:cursor-not-allowed';

interface BrandButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'color'> {
  /** A practice colour (button_color_2); text is light or dark, whichever reads at 4.5:1 or better. */
  color: string | null | undefined;
  variant?: 'solid' | 'outline';
}

/** Spec section 2: step buttons in the practice's button colour, at least 40 × 112 px. */
export function BrandButton({
  color,
  variant = 'solid',
  className = '',
  style,
  type = 'button',
  disabled,
  ...props
}: BrandButtonProps) {
  // Disabled is shown by a faded colour, never by opacity: its text keeps its contrast.
  const colors = brandButtonColors(color, variant, disabled === true);
  return (
    <button
      type={type}
      disabled={disabled}
      className={`${BUTTON_CLASS} ${className}`}
      style={{ ...colors, ...style }}
      {...props}
    />
  );
}
