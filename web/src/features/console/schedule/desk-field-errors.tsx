import type { ReactNode } from 'react';
import type { z } from 'zod';
import * as validation from '#domain/i18n/validation.messages.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { translate } from '../../../lib/i18n/use-messages.ts';

/** Wire field name → what is wrong with it, in words. */
export type FieldProblems = Record<string, string>;

/**
 * A shared schema's message is a key of the validation catalogue (ADR 0034), said in the language
 * the API answers in (English unless the browser chose another on the booking page), or already a sentence.
 */
export const readable = (message: string) =>
  Object.hasOwn(validation.en, message) ? translate(validation, message as keyof typeof validation.en) : message;

/** The first problem of each top-level field of a failed parse. */
export function problemsOf(error: z.ZodError): FieldProblems {
  const problems: FieldProblems = {};
  for (const issue of error.issues) problems[String(issue.path[0] ?? '_')] ??= readable(issue.message);
  return problems;
}

/**
 * The API's messages name wire fields ("end_time must be after start_time"); a form says them in
 * the words of its labels ("The end must be after the start").
 */
export function inWords(problems: FieldProblems, words: Record<string, string>): FieldProblems {
  const names = new RegExp(`\\b(${Object.keys(words).join('|')})\\b`, 'g');
  return Object.fromEntries(
    Object.entries(problems).map(([field, problem]) => {
      const said = problem.replace(names, (name) => words[name]!);
      return [field, said.charAt(0).toUpperCase() + said.slice(1)];
    }),
  );
}

/** The server's 422 `fields` (already in English), or none. */
export const serverProblems = (error: unknown): FieldProblems =>
  error instanceof ApiError && error.fields ? { ...error.fields } : {};

/** The id of a field's error text, for `aria-describedby`. */
export const problemId = (form: string, field: string) => `${form}-${field}-problem`;

/** Ties a control to its problem: `aria-invalid` and the text that says why. */
export function describedBy(form: string, field: string, problems: FieldProblems) {
  return problems[field] ? { 'aria-invalid': true as const, 'aria-describedby': problemId(form, field) } : {};
}

/** The text under a field that says what is wrong with it. */
export function FieldProblem({ form, field, problems }: { form: string; field: string; problems: FieldProblems }) {
  const problem = problems[field];
  return problem ? (
    <span id={problemId(form, field)} className="mt-1 block font-medium text-red-800">
      {problem}
    </span>
  ) : null;
}

/** Moves the focus to the first control marked invalid in `root`: call it after the render that marked them. */
export function focusFirstProblem(root: HTMLElement | null) {
  root?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
}

/** A labelled control with its problem below the label (not in it, so the problem is the control's description, not part of its name). */
export function Field({
  form,
  field,
  problems,
  label,
  children,
}: {
  form: string;
  field: string;
  problems: FieldProblems;
  label: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label className="font-medium">
        {label}
        {children}
      </label>
      <FieldProblem form={form} field={field} problems={problems} />
    </div>
  );
}
