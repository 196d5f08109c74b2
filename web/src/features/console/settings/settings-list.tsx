import { useContext, type ReactNode } from 'react';
import { secondaryButtonClass } from '../shared/console-styles.ts';
import { fieldIdOf, valueAt, withItemAdded, withItemRemoved, type SettingsPath } from './settings-document.ts';
import { ReadOnlyContext, useSettingsDraft } from './settings-draft-context.ts';
import { SettingProblem } from './setting-fields.tsx';

interface SettingsListProps<T> {
  path: SettingsPath;
  /** Each row's name, the legend of its fieldset and part of its Remove button's name. */
  itemLabel: (item: T, index: number) => string;
  addLabel: string;
  newItem: () => T;
  children: (itemPath: SettingsPath, item: T, index: number) => ReactNode;
  /** Rows in a compact grid (a closure, a break) rather than stacked. */
  rowClassName?: string;
}

const fieldsetClass = 'flex flex-col gap-2 rounded-md border border-slate-300 p-3';

/** A list of the document (closures, reasons, hours…): one fieldset per row, each removable, and Add at the end. */
export function SettingsList<T>({ path, itemLabel, addLabel, newItem, children, rowClassName }: SettingsListProps<T>) {
  const { draft, replace } = useSettingsDraft();
  const isReadOnly = useContext(ReadOnlyContext);
  const items = (valueAt(draft, path) as T[] | undefined) ?? [];
  return (
    <div className="flex flex-col gap-3">
      {items.length === 0 && <p className="text-slate-700">None.</p>}
      {items.map((item, index) => {
        const label = itemLabel(item, index);
        return (
          <fieldset key={index} id={fieldIdOf([...path, index])} className={fieldsetClass}>
            <legend className="px-1 font-semibold">{label}</legend>
            <SettingProblem path={[...path, index]} />
            <div className={rowClassName ?? 'flex flex-col gap-2'}>{children([...path, index], item, index)}</div>
            {!isReadOnly && (
              <button
                type="button"
                className={`${secondaryButtonClass} self-start`}
                onClick={() => replace((current) => withItemRemoved(current, path, index))}
              >
                Remove {label}
              </button>
            )}
          </fieldset>
        );
      })}
      <SettingProblem path={path} />
      {!isReadOnly && (
        <button
          type="button"
          className={`${secondaryButtonClass} self-start`}
          onClick={() => replace((current) => withItemAdded(current, path, newItem()))}
        >
          {addLabel}
        </button>
      )}
    </div>
  );
}

interface SettingChoicesProps<V> {
  path: SettingsPath;
  legend: string;
  choices: { value: V; label: string }[];
}

/** A list of values (weekdays, a reason's providers, a reminder's channels) as a group of checkboxes. */
export function SettingChoices<V extends string | number>({ path, legend, choices }: SettingChoicesProps<V>) {
  const { draft, change } = useSettingsDraft();
  const isReadOnly = useContext(ReadOnlyContext);
  const chosen = (valueAt(draft, path) as V[] | undefined) ?? [];
  const toggle = (value: V, isOn: boolean) => {
    const next = isOn ? [...chosen, value] : chosen.filter((v) => v !== value);
    // Kept in the choices' order, so that ticking and unticking a box is no change at all.
    change(
      path,
      choices.map((choice) => choice.value).filter((v) => next.includes(v)),
    );
  };
  return (
    <fieldset id={fieldIdOf(path)}>
      <legend className="font-medium">{legend}</legend>
      <div className="flex flex-wrap gap-x-4">
        {choices.map((choice) => (
          <label key={choice.value} className="flex min-h-11 items-center gap-2">
            <input
              type="checkbox"
              className="size-5"
              checked={chosen.includes(choice.value)}
              disabled={isReadOnly}
              onChange={(event) => toggle(choice.value, event.target.checked)}
            />
            {choice.label}
          </label>
        ))}
      </div>
      <SettingProblem path={path} />
    </fieldset>
  );
}

/** A section of the page, named by its heading; `note` under the heading (what Open Dental owns, say). */
export function SettingsSection(props: { id: string; heading: string; note?: ReactNode; children: ReactNode }) {
  const headingId = `${props.id}-heading`;
  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-3 rounded-md border border-slate-300 bg-white p-4"
    >
      <h2 id={headingId} className="text-lg font-semibold">
        {props.heading}
      </h2>
      {props.note}
      {props.children}
    </section>
  );
}
