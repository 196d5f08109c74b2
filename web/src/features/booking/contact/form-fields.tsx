import { useId, type HTMLInputAutoCompleteAttribute, type ReactNode } from 'react';
import { useController, useFormContext, type FieldPath } from 'react-hook-form';
import * as validation from '#domain/i18n/validation.messages.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import type { ContactFormValues } from './contact-form-values.ts';
import * as messages from './contact-form.messages.ts';
import { maskUsDate } from './input-masks.ts';
import { isCompleteDate } from './submit-rules.ts';

type Name = FieldPath<ContactFormValues>;

const inputClass =
  'w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 ' +
  'placeholder:text-slate-500 aria-[invalid=true]:border-red-700';

const isValidationKey = (message: string): message is keyof typeof validation.en =>
  Object.hasOwn(validation.en, message);

/** A contact form field's controller, its ids (the control's and its error's) and its error message. */
function useContactField(name: Name) {
  const { control } = useFormContext<ContactFormValues>();
  const {
    field: { ref: fieldRef, ...field },
    fieldState,
  } = useController({ name, control });
  const id = useId();
  const errorId = `${id}-error`;
  /** A text control's wiring: its label's id, the form's ref and name, and its error (when `message` shows). */
  const controlProps = (message: string | undefined) => ({
    id,
    ref: fieldRef,
    name: field.name,
    onBlur: field.onBlur,
    'aria-invalid': message ? true : undefined,
    'aria-describedby': message ? errorId : undefined,
  });
  return { fieldRef, field, fieldState, id, errorId, message: fieldState.error?.message, controlProps };
}

/**
 * A field's message; announced when it appears, and tied to its control by `id` (aria-describedby).
 * The schemas' messages are keys of the validation catalogue, shown in the patient's language; a
 * server's message (a 422 at a field) arrives already in it.
 */
export function FieldError({ id, message }: { id: string; message: string | undefined }) {
  const t = useMessages(validation);
  if (!message) return null;
  return (
    <p id={id} role="alert" className="text-sm font-medium text-red-700">
      {isValidationKey(message) ? t(message) : message}
    </p>
  );
}

interface TextFieldProps {
  name: Name;
  label: string;
  mask?: (text: string) => string;
  type?: 'text' | 'email' | 'tel';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  maxLength?: number;
  /** Date fields show their message only once the input is complete (spec section 5). */
  isDate?: boolean;
}

/** A labelled input whose message sits under it and is tied to it for screen readers. */
export function TextField({
  name,
  label,
  mask,
  type = 'text',
  inputMode,
  autoComplete,
  placeholder,
  maxLength,
  isDate = false,
}: TextFieldProps) {
  const t = useMessages(messages);
  const { trigger } = useFormContext<ContactFormValues>();
  const { field, fieldState, id, errorId, controlProps } = useContactField(name);
  const value = typeof field.value === 'string' ? field.value : '';
  const applyMask = mask ?? (isDate ? maskUsDate : undefined);
  const change = (text: string) => {
    const next = applyMask ? applyMask(text) : text;
    field.onChange(next);
    // A date is judged as soon as it is complete, not only when the patient leaves the field.
    if (isDate && isCompleteDate(next)) void trigger(name);
  };
  const isServerError = fieldState.error?.type === 'server';
  const message = isDate && !isServerError && !isCompleteDate(value) ? undefined : fieldState.error?.message;

  return (
    <LabelledField id={id} label={label} errorId={errorId} message={message}>
      <input
        {...controlProps(message)}
        type={type}
        inputMode={inputMode ?? (isDate ? 'numeric' : undefined)}
        autoComplete={autoComplete ?? 'off'}
        placeholder={placeholder ?? (isDate ? t('datePlaceholder') : undefined)}
        maxLength={maxLength ?? (isDate ? 10 : undefined)}
        value={value}
        onChange={(event) => change(event.target.value)}
        className={inputClass}
      />
    </LabelledField>
  );
}

interface ChoiceFieldProps<V extends string> {
  name: Name;
  legend: string;
  options: readonly { label: string; value: V }[];
}

/** A yes/no style question as a radio group in a fieldset. */
export function ChoiceField<V extends string>({ name, legend, options }: ChoiceFieldProps<V>) {
  const { fieldRef, field, id, errorId, message } = useContactField(name);

  return (
    <fieldset className="flex flex-col gap-2" aria-describedby={message ? errorId : undefined}>
      <legend className="mb-1 font-medium text-slate-900">{legend}</legend>
      <div className="flex flex-wrap gap-6">
        {options.map((option, index) => (
          <label key={option.value} className="flex cursor-pointer items-center gap-2 text-slate-900">
            <input
              type="radio"
              ref={index === 0 ? fieldRef : undefined}
              name={`${id}-${field.name}`}
              value={option.value}
              checked={field.value === option.value}
              onChange={() => field.onChange(option.value)}
              onBlur={field.onBlur}
              aria-invalid={message ? true : undefined}
              className="size-5 accent-slate-800"
            />
            {option.label}
          </label>
        ))}
      </div>
      <FieldError id={errorId} message={message} />
    </fieldset>
  );
}

export function CheckboxField({ name, children }: { name: Name; children: ReactNode }) {
  const { fieldRef, field, id, errorId, message } = useContactField(name);
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="flex cursor-pointer items-start gap-3 text-slate-900">
        <input
          id={id}
          ref={fieldRef}
          type="checkbox"
          checked={field.value === true}
          onChange={(event) => field.onChange(event.target.checked)}
          onBlur={field.onBlur}
          aria-invalid={message ? true : undefined}
          aria-describedby={message ? errorId : undefined}
          className="mt-0.5 size-5 shrink-0 accent-slate-800"
        />
        <span>{children}</span>
      </label>
      <FieldError id={errorId} message={message} />
    </div>
  );
}

export function TextAreaField({
  name,
  label,
  placeholder,
  rows,
}: {
  name: Name;
  label: string;
  placeholder: string;
  rows: number;
}) {
  const { field, id, errorId, message, controlProps } = useContactField(name);
  return (
    <LabelledField id={id} label={label} errorId={errorId} message={message}>
      <textarea
        {...controlProps(message)}
        rows={rows}
        maxLength={2_000}
        placeholder={placeholder}
        value={typeof field.value === 'string' ? field.value : ''}
        onChange={(event) => field.onChange(event.target.value)}
        className={inputClass}
      />
    </LabelledField>
  );
}

/** A labelled control with its error message below, tied to it by `errorId`. */
function LabelledField({
  id,
  label,
  errorId,
  message,
  children,
}: {
  id: string;
  label: string;
  errorId: string;
  message: string | undefined;
  children: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-1">
      <label htmlFor={id} className="font-medium text-slate-900">
        {label}
      </label>
      {children}
      <FieldError id={errorId} message={message} />
    </div>
  );
}
