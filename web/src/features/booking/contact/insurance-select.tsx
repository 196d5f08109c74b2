import { useId, useRef, useState, type KeyboardEvent } from 'react';
import { useController, useFormContext } from 'react-hook-form';
import type { InsuranceChoice } from '../state/booking-state.ts';
import type { ContactFormValues } from './contact-form-values.ts';
import { FieldError } from './form-fields.tsx';

/** Spec section 8: the dropdown's default texts. */
export const SELECT_PLACEHOLDER = 'Select...';
export const NO_OPTIONS = 'No options';

/**
 * The insurance dropdown as a WAI-ARIA select-only combobox: Enter, Space or the arrow keys open
 * it, arrows and Home/End move, Enter or Space choose, Escape closes, a letter jumps to the next
 * option starting with it. The menu is 140 to 300 px tall (spec section 9).
 */
export function InsuranceSelect({ label, options }: { label: string; options: readonly InsuranceChoice[] }) {
  const { control } = useFormContext<ContactFormValues>();
  const { field: { ref: fieldRef, ...field }, fieldState } = useController({ name: 'insurance', control });
  const selected = field.value;
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const message = fieldState.error?.message;
  const selectedIndex = options.findIndex((option) => option.value === selected?.value);

  const open = (index = Math.max(0, selectedIndex)) => {
    setActiveIndex(index);
    setIsOpen(true);
  };
  const close = () => setIsOpen(false);
  const choose = (index: number) => {
    const option = options[index];
    if (option) field.onChange(option);
    close();
  };
  const move = (index: number) => {
    const next = Math.min(options.length - 1, Math.max(0, index));
    setActiveIndex(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    if (!isOpen) {
      if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(key)) {
        event.preventDefault();
        open(key === 'ArrowUp' ? options.length - 1 : undefined);
      }
      return;
    }
    const actions: Record<string, () => void> = {
      ArrowDown: () => move(activeIndex + 1),
      ArrowUp: () => move(activeIndex - 1),
      Home: () => move(0),
      End: () => move(options.length - 1),
      Enter: () => choose(activeIndex),
      ' ': () => choose(activeIndex),
      Escape: close,
    };
    const action = actions[key];
    if (action) {
      event.preventDefault();
      action();
    } else if (key === 'Tab') {
      close();
    } else if (key.length === 1) {
      const letter = key.toLowerCase();
      const order = [...options.keys()].map((i) => (activeIndex + 1 + i) % options.length);
      const match = order.find((i) => options[i]?.label.toLowerCase().startsWith(letter));
      if (match !== undefined) move(match);
    }
  };

  return (
    <div className="relative flex flex-col gap-1">
      <span id={`${id}-label`} className="font-medium text-slate-900">
        {label}
      </span>
      <div
        ref={fieldRef}
        id={`${id}-combobox`}
        role="combobox"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-controls={`${id}-listbox`}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        aria-activedescendant={isOpen && options.length > 0 ? `${id}-option-${activeIndex}` : undefined}
        aria-invalid={message ? true : undefined}
        aria-describedby={message ? `${id}-error` : undefined}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          field.onBlur();
        }}
        className="flex min-h-11 w-full cursor-pointer items-center justify-between rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 aria-[invalid=true]:border-red-700"
      >
        <span className={selected ? '' : 'text-slate-600'}>{selected?.label ?? SELECT_PLACEHOLDER}</span>
        <span aria-hidden="true">▾</span>
      </div>
      <ul
        ref={listRef}
        id={`${id}-listbox`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        hidden={!isOpen}
        className="absolute top-full z-20 mt-1 max-h-[300px] min-h-[140px] w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 shadow-lg"
      >
        {options.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-700">
            {NO_OPTIONS}
          </li>
        ) : (
          options.map((option, index) => (
            <li
              key={option.value}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={option.value === selected?.value}
              // Keep focus on the combobox so its blur does not close the menu before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              className={`cursor-pointer px-3 py-2 text-slate-900 ${index === activeIndex ? 'bg-slate-200' : ''} ${option.value === selected?.value ? 'font-semibold' : ''}`}
            >
              {option.label}
            </li>
          ))
        )}
      </ul>
      <FieldError id={`${id}-error`} message={message} />
    </div>
  );
}
