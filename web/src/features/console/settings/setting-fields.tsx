import { useContext, type ReactNode } from 'react';
import { inputClass } from '../shared/console-styles.ts';
import { fieldIdOf, pathKey, problemIdOf, valueAt, type SettingsPath } from './settings-document.ts';
import { ReadOnlyContext, useSettingsDraft } from './settings-draft-context.ts';

type InputType = 'text' | 'number' | 'time' | 'date' | 'datetime-local';

interface SettingInputProps {
  path: SettingsPath;
  label: string;
  type?: InputType;
  /** A hint below the field, read with it. */
  hint?: string;
  className?: string;
  /** For a field whose empty value means "leave it out" (a Spanish name): undefined instead of ''. */
  isOmittedWhenEmpty?: boolean;
}

/** The problem the server (or the contrast check) named for this path, linked to its control by id. */
export function SettingProblem({ path }: { path: SettingsPath }) {
  const { problems } = useSettingsDraft();
  const problem = problems[pathKey(path)];
  return problem ? (
    <span id={problemIdOf(path)} className="mt-1 block font-medium text-red-800">
      {problem}
    </span>
  ) : null;
}

/** `aria-invalid` and `aria-describedby` for a control of `path`: its problem first, then its hint. */
function useProblemProps(path: SettingsPath, hintId?: string) {
  const { problems } = useSettingsDraft();
  const problem = problems[pathKey(path)];
  const describedBy = [problem ? problemIdOf(path) : '', hintId ?? ''].filter(Boolean).join(' ');
  return {
    ...(problem ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

const shown = (value: unknown) => (value === null || value === undefined ? '' : String(value));

function parsed(type: InputType, raw: string, isOmittedWhenEmpty?: boolean): unknown {
  if (raw === '' && isOmittedWhenEmpty) return undefined;
  if (type !== 'number') return raw;
  // An empty or bad number goes to the server as null: its rules say what is wrong, in the importer's words.
  return raw.trim() === '' || !Number.isFinite(Number(raw)) ? null : Number(raw);
}

/** A labelled input bound to one path of the draft; on an Open Dental section, the value as text. */
export function SettingInput({ path, label, type = 'text', hint, className, isOmittedWhenEmpty }: SettingInputProps) {
  const { draft, change } = useSettingsDraft();
  const isReadOnly = useContext(ReadOnlyContext);
  const id = fieldIdOf(path);
  const hintId = hint ? `${id}-hint` : undefined;
  const problemProps = useProblemProps(path, hintId);
  const value = shown(valueAt(draft, path));
  if (isReadOnly) return <ReadOnlyValue label={label} value={value} />;
  return (
    <div className={className}>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        step={type === 'number' ? 'any' : undefined}
        onChange={(event) => change(path, parsed(type, event.target.value, isOmittedWhenEmpty))}
        className={inputClass}
        {...problemProps}
      />
      <SettingProblem path={path} />
      {hint && (
        <span id={hintId} className="mt-1 block text-sm text-slate-700">
          {hint}
        </span>
      )}
    </div>
  );
}

interface SettingCheckProps {
  path: SettingsPath;
  children: ReactNode;
  /** For a flag whose absence means on (a provider's `is_active`, ADR 0084). */
  isOnWhenAbsent?: boolean;
  /** For a flag the file writes only when true (a closure's `yearly`): off leaves it out, so no change is recorded. */
  isOmittedWhenOff?: boolean;
}

/** A checkbox bound to a boolean path. */
export function SettingCheck({ path, children, isOnWhenAbsent, isOmittedWhenOff }: SettingCheckProps) {
  const { draft, change } = useSettingsDraft();
  const isReadOnly = useContext(ReadOnlyContext);
  const problemProps = useProblemProps(path);
  const value = valueAt(draft, path);
  const isChecked = value === true || (isOnWhenAbsent === true && value === undefined);
  return (
    <div>
      <label className="flex min-h-11 items-center gap-2">
        <input
          id={fieldIdOf(path)}
          type="checkbox"
          checked={isChecked}
          disabled={isReadOnly}
          onChange={(event) => change(path, event.target.checked || (isOmittedWhenOff ? undefined : false))}
          className="size-5"
          {...problemProps}
        />
        {children}
      </label>
      <SettingProblem path={path} />
    </div>
  );
}

export interface Choice {
  value: number | null;
  label: string;
}

/** A select of numbers (a provider, a chair, a clinic) bound to a path. */
export function SettingSelect({ path, label, choices }: { path: SettingsPath; label: string; choices: Choice[] }) {
  const { draft, change } = useSettingsDraft();
  const isReadOnly = useContext(ReadOnlyContext);
  const id = fieldIdOf(path);
  const problemProps = useProblemProps(path);
  const value = valueAt(draft, path) as number | null | undefined;
  if (isReadOnly)
    return <ReadOnlyValue label={label} value={choices.find((choice) => choice.value === value)?.label ?? ''} />;
  return (
    <div>
      <label htmlFor={id} className="font-medium">
        {label}
      </label>
      <select
        id={id}
        value={value === null || value === undefined ? '' : String(value)}
        onChange={(event) => change(path, event.target.value === '' ? null : Number(event.target.value))}
        className={inputClass}
        {...problemProps}
      >
        {choices.map((choice) => (
          <option key={String(choice.value)} value={choice.value === null ? '' : String(choice.value)}>
            {choice.label}
          </option>
        ))}
      </select>
      <SettingProblem path={path} />
    </div>
  );
}

/** What Open Dental owns, said without an input. */
export function ReadOnlyValue({ label, value }: { label: string; value: string }) {
  return (
    <p>
      <span className="font-medium">{label}:</span> {value || '—'}
    </p>
  );
}

/** The `start` and `end` times of one object of the document (hours, a break, part of a closed day, quiet hours). */
export function TimeRangeFields(props: { path: SettingsPath; labels: [string, string]; isOmittedWhenEmpty?: boolean }) {
  return (
    <>
      {(['start', 'end'] as const).map((field, i) => (
        <SettingInput
          key={field}
          path={[...props.path, field]}
          label={props.labels[i]!}
          type="time"
          isOmittedWhenEmpty={props.isOmittedWhenEmpty}
        />
      ))}
    </>
  );
}
