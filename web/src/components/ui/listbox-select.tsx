import { useId, type ReactNode, type Ref } from 'react';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './ui.messages.ts';
import { useListbox, type Listbox } from './use-listbox.ts';

const LIST_CLASS =
  'absolute top-full z-20 mt-1 max-h-[300px] min-h-[140px] w-full overflow-y-auto rounded-md ' +
  'border border-slate-300 bg-white py-1 text-left shadow-lg';

const TRIGGER_CLASS =
  'flex min-h-11 w-full cursor-pointer items-center justify-between gap-2 rounded-md border ' +
  'border-slate-400 bg-white px-3 py-2 text-left text-base text-slate-900 ' +
  'aria-[invalid=true]:border-red-700';

export interface ListboxSelectProps<T> {
  label: string;
  options: readonly T[];
  /** The chosen option; null shows the placeholder. */
  value: T | null;
  onChange: (option: T) => void;
  onBlur?: () => void;
  /** The text shown for an option and matched by typeahead; `String(option)` by default. */
  getLabel?: (option: T) => string;
  /** What tells options apart (React key and "is selected"); the label by default. */
  getKey?: (option: T) => string;
  /** Shows `Loading...` instead of the options and marks the combobox busy. */
  isLoading?: boolean;
  /** Marks the combobox invalid (for a form field with an error). */
  invalid?: boolean;
  /** The id of an element describing the combobox, e.g. its error message. */
  describedBy?: string;
  /** The combobox element, e.g. for a form library to focus it. */
  ref?: Ref<HTMLDivElement>;
  /** Shown under the menu, e.g. the error message `describedBy` points to. */
  children?: ReactNode;
}

/**
 * A WAI-ARIA select-only combobox: Enter, Space or the arrows open it, arrows and Home/End move,
 * Enter or Space choose, Escape closes, a letter jumps to the next option starting with it. The
 * menu is 140 to 300 px tall and scrolls (spec section 9).
 */
export function ListboxSelect<T>({
  label,
  options,
  value,
  onChange,
  onBlur,
  getLabel = String,
  getKey = getLabel,
  isLoading = false,
  invalid = false,
  describedBy,
  ref,
  children,
}: ListboxSelectProps<T>) {
  const t = useMessages(messages);
  const id = useId();
  const choices = isLoading ? [] : options;
  const selectedKey = value === null ? null : getKey(value);
  const listbox = useListbox({ choices, selectedKey, getKey, getLabel, onChange });
  const { isOpen, activeIndex, open, close } = listbox;

  return (
    <div className="relative flex flex-col gap-1">
      <span id={`${id}-label`} className="font-medium text-slate-900">
        {label}
      </span>
      <div
        ref={ref}
        id={`${id}-combobox`}
        role="combobox"
        tabIndex={0}
        aria-labelledby={`${id}-label`}
        aria-controls={`${id}-listbox`}
        aria-expanded={isOpen}
        aria-haspopup="listbox"
        aria-busy={isLoading || undefined}
        aria-activedescendant={isOpen && choices.length > 0 ? `${id}-option-${activeIndex}` : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        onClick={() => (isOpen ? close() : open())}
        onKeyDown={listbox.onKeyDown}
        onBlur={() => {
          close();
          onBlur?.();
        }}
        className={TRIGGER_CLASS}
      >
        <span className={value === null ? 'text-slate-600' : ''}>
          {value === null ? t('placeholder') : getLabel(value)}
        </span>
        <span aria-hidden="true">▾</span>
      </div>
      <ListboxOptions id={id} listbox={listbox} emptyText={isLoading ? t('loading') : t('noOptions')} />
      {children}
    </div>
  );
}

interface ListboxOptionsProps<T> {
  id: string;
  listbox: Listbox<T>;
  /** Shown as the one, disabled option when there are none (loading, or no options). */
  emptyText: string;
}

/** The menu: the options, or one disabled line saying why there are none. */
function ListboxOptions<T>({ id, listbox, emptyText }: ListboxOptionsProps<T>) {
  const { listRef, isOpen, choices, activeIndex, selectedKey, getKey, getLabel, choose } = listbox;
  return (
    <ul
      ref={listRef}
      id={`${id}-listbox`}
      role="listbox"
      aria-labelledby={`${id}-label`}
      hidden={!isOpen}
      className={LIST_CLASS}
    >
      {choices.length === 0 ? (
        <li role="option" aria-selected={false} aria-disabled="true" className="px-3 py-2 text-slate-700">
          {emptyText}
        </li>
      ) : (
        choices.map((option, index) => {
          const isSelected = getKey(option) === selectedKey;
          return (
            <li
              key={getKey(option)}
              id={`${id}-option-${index}`}
              data-index={index}
              role="option"
              aria-selected={isSelected}
              // Keep focus on the combobox so its blur does not close the menu before the click lands.
              onMouseDown={(event) => event.preventDefault()}
              onClick={() => choose(index)}
              className={optionClass(index === activeIndex, isSelected)}
            >
              {getLabel(option)}
            </li>
          );
        })
      )}
    </ul>
  );
}

const optionClass = (isActive: boolean, isSelected: boolean) =>
  `cursor-pointer px-3 py-2 text-slate-900 ${isActive ? 'bg-slate-200' : ''} ${isSelected ? 'font-semibold' : ''}`;
