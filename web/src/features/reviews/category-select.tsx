import { useId, useRef, useState, type KeyboardEvent } from 'react';

/** Spec section 8: the dropdown's default texts. */
export const SELECT_PLACEHOLDER = 'Select...';
export const NO_OPTIONS = 'No options';
export const LOADING_OPTIONS = 'Loading...';

interface CategorySelectProps<T extends string> {
  label: string;
  options: readonly T[];
  value: T | null;
  onChange: (value: T) => void;
  onBlur?: () => void;
  isLoading?: boolean;
}

/**
 * A WAI-ARIA select-only combobox: Enter, Space or the arrows open it, arrows and Home/End move,
 * Enter or Space choose, Escape closes, a letter jumps to the next option starting with it. The
 * menu is 140 to 300 px tall and scrolls (spec section 9).
 */
export function CategorySelect<T extends string>({ label, options, value, onChange, onBlur, isLoading = false }: CategorySelectProps<T>) {
  const id = useId();
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const choices = isLoading ? [] : options;
  const selectedIndex = value === null ? -1 : choices.indexOf(value);

  const open = (index = Math.max(0, selectedIndex)) => {
    setActiveIndex(index);
    setIsOpen(true);
  };
  const close = () => setIsOpen(false);
  const choose = (index: number) => {
    const option = choices[index];
    if (option !== undefined) onChange(option);
    close();
  };
  const move = (index: number) => {
    const next = Math.min(choices.length - 1, Math.max(0, index));
    setActiveIndex(next);
    listRef.current?.querySelector(`[data-index="${next}"]`)?.scrollIntoView?.({ block: 'nearest' });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const key = event.key;
    if (!isOpen) {
      if (['Enter', ' ', 'ArrowDown', 'ArrowUp'].includes(key)) {
        event.preventDefault();
        open(key === 'ArrowUp' ? choices.length - 1 : undefined);
      }
      return;
    }
    const actions: Record<string, () => void> = {
      ArrowDown: () => move(activeIndex + 1),
      ArrowUp: () => move(activeIndex - 1),
      Home: () => move(0),
      End: () => move(choices.length - 1),
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
      const order = [...choices.keys()].map((i) => (activeIndex + 1 + i) % choices.length);
      const match = order.find((i) => choices[i]?.toLowerCase().startsWith(letter));
      if (match !== undefined) move(match);
    }
  };

  const emptyText = isLoading ? LOADING_OPTIONS : NO_OPTIONS;
  return (
    <div className="relative flex flex-col gap-1">
      <span id={`${id}-label`} className="font-medium text-slate-900">
        {label}
      </span>
      <div
        id={`${id}-combobox`}
        role="combobox"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-controls={`${id}-listbox`}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        aria-busy={isLoading || undefined}
        aria-activedescendant={isOpen && choices.length > 0 ? `${id}-option-${activeIndex}` : undefined}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className="flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-md border border-slate-400 bg-white px-3 py-2 text-left text-base text-slate-900"
      >
        <span className={value === null ? 'text-slate-600' : ''}>{value ?? SELECT_PLACEHOLDER}</span>
        <span aria-hidden="true">▾</span>
      </div>
      <ul
        ref={listRef}
        id={`${id}-listbox`}
        role="listbox"
        aria-labelledby={`${id}-label`}
        hidden={!isOpen}
        className="absolute top-full z-20 mt-1 max-h-[300px] min-h-[140px] w-full overflow-y-auto rounded-md border border-slate-300 bg-white py-1 text-left shadow-lg"
      >
        {choices.length === 0 ? (
          <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-700">
            {emptyText}
          </li>
        ) : (
          choices.map((option, index) => (
            <li
              key={option}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={option === value}
              // Keep focus on the combobox so its blur does not close the menu before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              className={`cursor-pointer px-3 py-2 text-slate-900 ${index === activeIndex ? 'bg-slate-200' : ''} ${option === value ? 'font-semibold' : ''}`}
            >
              {option}
            </li>
          ))
        )}
      </ul>
    </div>
  );
}
