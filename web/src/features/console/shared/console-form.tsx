import { zodResolver } from '@hookform/resolvers/zod';
import { createContext, useContext, useEffect, useId, useRef, useState, type ReactNode } from 'react';
import {
  FormProvider,
  get,
  useForm,
  useFormContext,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
  type UseFormReturn,
} from 'react-hook-form';
import { z } from 'zod';
import * as validation from '#domain/i18n/validation.messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';
import { ErrorNote } from './console-notes.tsx';
import { dangerButtonClass, primaryButtonClass, secondaryButtonClass } from './console-styles.ts';

/** A question's schema: a confirmation has nothing to type, only a button that sends. */
export const NO_FIELDS = z.strictObject({});

/** Field name → what is wrong with it, in words. */
export type FieldProblems = Record<string, string>;

interface ConsoleFormOptions<V extends FieldValues, B> {
  /** The domain's schema of the request body: the route parses the same one (ADR 0047). */
  schema: z.ZodType<B>;
  /** The form's values as the body, when they differ (a radio's "new" for `true`). */
  toBody?: (values: V) => unknown;
  /** Rules beyond the body's schema (a time chosen), reported together with its problems. */
  check?: (values: V) => FieldProblems;
  /** The form's own sentence for any problem of a field ("Type whole minutes from 5 to 720"). */
  messages?: Record<string, string>;
  /** Wire fields the form reports its own way (the slot picker's, through `check`). */
  ignore?: string[];
  defaultValues?: DefaultValues<V>;
  /** The API's wire names in the form's words ("end_time" → "the end"). */
  words?: Record<string, string>;
}

/**
 * A shared schema's message is a key of the validation catalogue (ADR 0034), said in the language
 * the API answers in, or already a sentence.
 */
const readable = (message: string) =>
  Object.hasOwn(validation.en, message) ? translate(validation, message as keyof typeof validation.en) : message;

/** "end_time must be after start_time" → "The end must be after the start". */
function inWords(problem: string, words: Record<string, string> = {}): string {
  const names = Object.keys(words);
  if (names.length === 0) return problem;
  const said = problem.replace(new RegExp(`\\b(${names.join('|')})\\b`, 'g'), (name) => words[name]!);
  return said.charAt(0).toUpperCase() + said.slice(1);
}

interface FormIds {
  id: string;
  words?: Record<string, string>;
}
const FormIdsContext = createContext<FormIds>({ id: '' });

const problemIdOf = (ids: FormIds, name: string) => `${ids.id}-${name}-problem`;
const problemIn = (errors: FieldErrors, ids: FormIds, name: string): string | undefined => {
  const message = (get(errors, name) as { message?: unknown } | undefined)?.message;
  return typeof message === 'string' && message ? inWords(readable(message), ids.words) : undefined;
};
/** A control's `name`, ref and handlers, and `aria-invalid` with the text that says why (and a hint, if any). */
function controlProps<V extends FieldValues>(
  methods: Pick<UseFormReturn<V>, 'register' | 'formState'>,
  ids: FormIds,
  name: Path<V>,
  hintId?: string,
) {
  const problem = problemIn(methods.formState.errors, ids, name);
  const describedBy = [problem ? problemIdOf(ids, name) : '', hintId ?? ''].filter(Boolean).join(' ');
  return {
    ...methods.register(name),
    ...(problem ? { 'aria-invalid': true as const } : {}),
    ...(describedBy ? { 'aria-describedby': describedBy } : {}),
  };
}

/**
 * The console's one way to hold a form (ADR 0047): react-hook-form checked with the domain's body
 * schema on submit, every problem beside its field (the server's 422 `fields` too), and the focus
 * on the first marked control after each refusal.
 */
export function useConsoleForm<V extends FieldValues, B>(options: ConsoleFormOptions<V, B>) {
  // The resolver reads the latest render's options (a time chosen since), not the first one's.
  const latest = useRef(options);
  useEffect(() => {
    latest.current = options;
  });
  const resolver: Resolver<V, unknown, B> = async (values, context, resolverOptions) => {
    const { schema, toBody, check, ignore = [], messages = {} } = latest.current;
    const bodySchema = toBody ? z.any().transform(toBody).pipe(schema) : schema;
    const result = await zodResolver(bodySchema as z.ZodType<B, V>)(values, context, resolverOptions);
    const errors: Record<string, unknown> = { ...result.errors };
    for (const name of ignore) delete errors[name];
    for (const [name, message] of Object.entries(messages)) if (errors[name]) errors[name] = { type: 'check', message };
    for (const [name, message] of Object.entries(check?.(values) ?? {})) errors[name] = { type: 'check', message };
    return Object.keys(errors).length ? { values: {}, errors: errors as FieldErrors<V> } : result;
  };
  const methods = useForm<V, unknown, B>({
    resolver,
    defaultValues: options.defaultValues,
    reValidateMode: 'onSubmit',
    shouldFocusError: false,
  });
  const ids: FormIds = { id: useId(), words: options.words };
  const [element, setElement] = useState<HTMLFormElement | null>(null);
  const [shown, setShown] = useState(0);
  useEffect(() => {
    if (shown > 0) element?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [shown, element]);

  /**
   * The server's 422 `fields` beside their fields (`renamed`: a wire name the form shows elsewhere),
   * with any the form adds (`more`: a 409's message beside the times).
   */
  const showServerProblems = (error: unknown, renamed: Record<string, string> = {}, more: FieldProblems = {}) => {
    const fields = { ...(error instanceof ApiError && error.fields ? error.fields : {}), ...more };
    for (const [name, message] of Object.entries(fields))
      methods.setError((renamed[name] ?? name) as Path<V>, { type: 'server', message });
    setShown((n) => n + 1);
  };
  return {
    methods,
    ids,
    setElement,
    onInvalid: () => setShown((n) => n + 1),
    showServerProblems,
    field: (name: Path<V>, hintId?: string) => controlProps(methods, ids, name, hintId),
    problemOf: (name: string) => problemIn(methods.formState.errors, ids, name),
    problemId: (name: string) => problemIdOf(ids, name),
  };
}
export type ConsoleFormState<V extends FieldValues, B> = ReturnType<typeof useConsoleForm<V, B>>;

interface ConsoleFormProps<V extends FieldValues, B> {
  form: ConsoleFormState<V, B>;
  onSubmit: (body: B) => void;
  /** The form's accessible name, when the page has several. */
  label?: string;
  className?: string;
  children: ReactNode;
}

export function ConsoleForm<V extends FieldValues, B>({
  form,
  onSubmit,
  label,
  className,
  children,
}: ConsoleFormProps<V, B>) {
  const { methods, ids, setElement, onInvalid } = form;
  return (
    <FormProvider {...methods}>
      <FormIdsContext.Provider value={ids}>
        <form
          ref={setElement}
          noValidate
          aria-label={label}
          onSubmit={methods.handleSubmit(onSubmit, onInvalid)}
          className={className ?? 'flex flex-col gap-4'}
        >
          {children}
        </form>
      </FormIdsContext.Provider>
    </FormProvider>
  );
}

/** For a part of a form in a component of its own: a control's props, as `form.field` gives them. */
export function useField() {
  const methods = useFormContext();
  const ids = useContext(FormIdsContext);
  return (name: string) => controlProps(methods, ids, name);
}

/** The text under a field that says what is wrong with it. */
export function FieldProblem({ name }: { name: string }) {
  const { formState } = useFormContext();
  const ids = useContext(FormIdsContext);
  const problem = problemIn(formState.errors, ids, name);
  return problem ? (
    <span id={problemIdOf(ids, name)} className="mt-1 block font-medium text-red-800">
      {problem}
    </span>
  ) : null;
}

/** A labelled control with its problem below the label (not in it: the problem describes the control, not names it). */
export function FormField({ name, label, children }: { name: string; label: string; children: ReactNode }) {
  return (
    <div>
      <label className="font-medium">
        {label}
        {children}
      </label>
      <FieldProblem name={name} />
    </div>
  );
}

/** A checkbox with its words beside it and its problem below. */
export function CheckField({ name, children }: { name: string; children: ReactNode }) {
  const field = useField();
  return (
    <div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" {...field(name)} className="size-5" />
        {children}
      </label>
      <FieldProblem name={name} />
    </div>
  );
}

/**
 * What failed, above the buttons: with problems marked at their fields, the `summary` (nothing
 * was sent or saved); otherwise the server's message (the network, a 403, a refusal of no field).
 */
export function FormError({ summary, error }: { summary?: string; error: Error | null }) {
  const { formState } = useFormContext();
  const hasProblems = Object.keys(formState.errors).length > 0;
  const text = hasProblems && summary ? summary : error?.message;
  return text ? <ErrorNote>{text}</ErrorNote> : null;
}

interface SubmitButtonsProps {
  /** "Block the time", "Blocking…" while the request is on its way; `close` says what closing leaves undone. */
  labels: { submit: string; pending?: string; close?: string };
  isPending: boolean;
  /** The request's failure, said above the buttons (see FormError); `summary` when fields are marked. */
  error?: Error | null;
  summary?: string;
  onClose?: () => void;
  /** Off for another reason than a request on its way (a 429's wait, no time chosen). */
  isDisabled?: boolean;
  isDanger?: boolean;
  className?: string;
  /** More buttons after these (a dialog's own way out). */
  children?: ReactNode;
}

/** A console form's end: what failed, then submit (off while the request is on its way) and, in a dialog, close. */
export function SubmitButtons({
  labels,
  isPending,
  error,
  summary,
  onClose,
  isDisabled,
  isDanger,
  className,
  children,
}: SubmitButtonsProps) {
  return (
    <>
      {error !== undefined && <FormError summary={summary} error={error} />}
      <div className={className ?? 'flex flex-wrap gap-2'}>
        <button
          type="submit"
          disabled={isPending || isDisabled}
          className={isDanger ? dangerButtonClass : primaryButtonClass}
        >
          {isPending ? (labels.pending ?? labels.submit) : labels.submit}
        </button>
        {labels.close && (
          <button type="button" onClick={onClose} className={secondaryButtonClass}>
            {labels.close}
          </button>
        )}
        {children}
      </div>
    </>
  );
}
