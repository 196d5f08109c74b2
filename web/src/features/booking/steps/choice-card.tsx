import type { ReactNode } from 'react';
import { brandColorOrDefault, readableTextColor } from '../../../lib/contrast.ts';

const CARD_BUTTON_CLASS =
  'flex h-full min-h-20 w-full flex-col items-start justify-center gap-1 rounded-lg border-2 ' +
  'border-slate-300 bg-white p-4 text-left text-slate-900 shadow-sm transition-colors ' +
  'hover:border-slate-500 disabled:cursor-not-allowed disabled:border-dashed ' +
  'disabled:text-slate-600';

/** A chosen card wears the practice's button colour (spec section 2), with text that reads on it. */
export function chosenStyle(isSelected: boolean, selectedColor: string) {
  if (!isSelected) return undefined;
  const background = brandColorOrDefault(selectedColor);
  return { backgroundColor: background, borderColor: background, color: readableTextColor(background) };
}

interface ChoiceCardProps {
  isSelected: boolean;
  /** button_color_1, the selected card's colour (spec section 2). */
  selectedColor: string;
  onChoose: () => void;
  children: ReactNode;
  disabled?: boolean;
}

/**
 * A card the patient picks with one press (status, reason, provider). A button, not a radio:
 * choosing moves on to the next step, which a radio's arrow-key selection must not do.
 */
export function ChoiceCard({ isSelected, selectedColor, onChoose, children, disabled }: ChoiceCardProps) {
  return (
    <button
      type="button"
      aria-pressed={isSelected}
      disabled={disabled}
      onClick={onChoose}
      className={CARD_BUTTON_CLASS}
      style={chosenStyle(isSelected, selectedColor)}
    >
      {children}
    </button>
  );
}
