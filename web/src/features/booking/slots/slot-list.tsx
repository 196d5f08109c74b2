import { localiseTime12h } from '#domain/time/time-format.ts';
import { brandColorOrDefault, readableTextColor } from '../../../lib/contrast.ts';
import { useLanguage } from '../../../lib/i18n/use-messages.ts';
import type { DaySlot } from './slot-rules.ts';

const SLOT_BUTTON_CLASS =
  'min-h-11 w-full rounded-md border-2 border-slate-300 bg-white px-3 py-2 font-medium ' +
  'text-slate-900 hover:border-slate-500';

interface SlotListProps {
  slots: readonly DaySlot[];
  labelledBy: string;
  chosen: { date: string; slotStart: string } | null;
  selectedColor: string;
  onChoose: (slot: DaySlot) => void;
}

/** Spec section 2: the chosen day's start times (hh:mm A), scrolling within 260 to 300 px. */
export function SlotList({ slots, labelledBy, chosen, selectedColor, onChoose }: SlotListProps) {
  const background = brandColorOrDefault(selectedColor);
  const language = useLanguage();
  return (
    <div
      role="group"
      aria-labelledby={labelledBy}
      className="max-h-[280px] min-h-0 overflow-y-auto pr-1"
      data-testid="slot-list"
    >
      <ul className="grid grid-cols-2 gap-2 sm:grid-cols-3 lg:grid-cols-2">
        {slots.map((slot) => {
          const isChosen = chosen?.date === slot.date && chosen.slotStart === slot.slotStart;
          return (
            <li key={slot.startTime}>
              <button
                type="button"
                aria-pressed={isChosen}
                onClick={() => onChoose(slot)}
                className={SLOT_BUTTON_CLASS}
                style={
                  isChosen
                    ? { backgroundColor: background, borderColor: background, color: readableTextColor(background) }
                    : undefined
                }
              >
                {localiseTime12h(slot.slotStart, language)}
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
