import { useRef, useState, type KeyboardEvent } from 'react';

interface ListboxOptions<T> {
  choices: readonly T[];
  selectedKey: string | null;
  getKey: (option: T) => string;
  getLabel: (option: T) => string;
  onChange: (option: T) => void;
}

/**
 * The select-only combobox's state and keys (WAI-ARIA): whether the menu is open, which option
 * is active, and what each key does; `ListboxSelect` draws it.
 */
export function useListbox<T>({ choices, selectedKey, getKey, getLabel, onChange }: ListboxOptions<T>) {
  const [isOpen, setIsOpen] = useState(false);
  const [activeIndex, setActiveIndex] = useState(0);
  const listRef = useRef<HTMLUListElement>(null);
  const selectedIndex = choices.findIndex((option) => getKey(option) === selectedKey);

  const open = (index = Math.max(0, selectedIndex)) => {
    setActiveIndex(index);
    setIsOpen(true);
  };
  const close = () => setIsOpen(false);
  const choose = (index: number) => {
    if (index >= 0 && index < choices.length) onChange(choices[index] as T);
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
      const match = nextStartingWith(
        choices.map((option) => getLabel(option)),
        key,
        activeIndex,
      );
      if (match !== undefined) move(match);
    }
  };

  return { choices, selectedKey, getKey, getLabel, isOpen, activeIndex, listRef, open, close, choose, onKeyDown };
}

export type Listbox<T> = ReturnType<typeof useListbox<T>>;

/** The index of the next label after `activeIndex` (wrapping) that starts with `key`, if any. */
function nextStartingWith(labels: readonly string[], key: string, activeIndex: number): number | undefined {
  const letter = key.toLowerCase();
  const order = [...labels.keys()].map((i) => (activeIndex + 1 + i) % labels.length);
  return order.find((i) => labels[i]?.toLowerCase().startsWith(letter));
}
