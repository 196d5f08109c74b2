import { useMutation } from '@tanstack/react-query';
import { useId, useRef, type FormEvent, type ReactNode } from 'react';
import { stripToPhone } from '#domain/booking/booking-field-rules.ts';
import type { CreatedReviewRequest } from '#domain/reviews/review-request-schemas.ts';
import type { StaffReviewRequestInput } from '#domain/staff/staff-inbox-schemas.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass, primaryButtonClass } from '../shared/console-styles.ts';
import { sendReviewRequest } from './review-requests-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface ReviewRequestFormProps {
  /** The visit it is about: its patient comes filled in, and the booking's consented contacts are used when none are typed. */
  visit?: { appointmentId: string; firstName: string; lastName: string };
  submitLabel: string;
  onSent: (created: CreatedReviewRequest) => void;
  /** Beside the submit button (a dialog's way out). */
  children?: ReactNode;
}

type FieldName = 'patient_first_name' | 'patient_last_name' | 'email' | 'wireless_phone' | 'is_concented' | 'send';

/**
 * A review request, as the admin API takes it. The server decides what may be sent where (the
 * consent rule of ADR 0013, and no request about a no-show or a cancelled visit): its refusal is
 * shown as it says it, each field's next to the field.
 */
export function ReviewRequestForm({ visit, submitLabel, onSent, children }: ReviewRequestFormProps) {
  const session = useStaffSession();
  const form = useRef<HTMLFormElement>(null);
  const ids = useId();
  const send = useMutation({
    mutationFn: (body: StaffReviewRequestInput) => sendReviewRequest(session.csrf_token, body),
    onSuccess: (created) => {
      form.current?.reset();
      onSent(created);
    },
  });
  const fields = send.error instanceof ApiError ? (send.error.fields ?? {}) : {};
  const problem = (name: FieldName) => (typeof fields[name] === 'string' ? fields[name] : null);
  const described = (name: FieldName) =>
    problem(name) ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${name}` } : {};
  const note = (name: FieldName) =>
    problem(name) && (
      <span id={`${ids}-${name}`} className="mt-1 block text-sm font-normal text-red-800">
        {problem(name)}
      </span>
    );

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const data = new FormData(event.currentTarget);
    const text = (name: string) => String(data.get(name) ?? '').trim();
    const phone = stripToPhone(text('wireless_phone'));
    send.mutate({
      patient_first_name: text('patient_first_name'),
      patient_last_name: text('patient_last_name'),
      ...(text('email') ? { email: text('email') } : {}),
      ...(phone ? { wireless_phone: phone } : {}),
      ...(visit ? { appointment_id: visit.appointmentId } : {}),
      is_concented: data.get('is_concented') === 'on',
      send: data.get('send') === 'on',
    });
  };

  return (
    <form ref={form} onSubmit={submit} aria-label="Review request" className="flex flex-col gap-3">
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="font-medium">
          First name
          <input
            name="patient_first_name"
            required
            maxLength={100}
            autoComplete="off"
            defaultValue={visit?.firstName}
            className={inputClass}
            {...described('patient_first_name')}
          />
          {note('patient_first_name')}
        </label>
        <label className="font-medium">
          Last name
          <input
            name="patient_last_name"
            required
            maxLength={100}
            autoComplete="off"
            defaultValue={visit?.lastName}
            className={inputClass}
            {...described('patient_last_name')}
          />
          {note('patient_last_name')}
        </label>
        <label className="font-medium">
          E-mail {visit ? '(empty: the booking’s)' : '(optional)'}
          <input name="email" type="email" autoComplete="off" className={inputClass} {...described('email')} />
          {note('email')}
        </label>
        <label className="font-medium">
          Mobile phone {visit ? '(empty: the booking’s)' : '(optional)'}
          <input
            name="wireless_phone"
            type="tel"
            autoComplete="off"
            className={inputClass}
            {...described('wireless_phone')}
          />
          {note('wireless_phone')}
        </label>
      </div>
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="is_concented" className="size-5" {...described('is_concented')} />
        The patient agreed to receive text and e-mail from the practice at the contacts typed here
      </label>
      {note('is_concented')}
      <label className="flex min-h-11 items-center gap-2">
        <input type="checkbox" name="send" defaultChecked className="size-5" {...described('send')} />
        Send the link now (only to contacts the patient agreed to)
      </label>
      {note('send')}
      {send.error && <ErrorNote>{send.error.message}</ErrorNote>}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={send.isPending} className={primaryButtonClass}>
          {send.isPending ? 'Sending…' : submitLabel}
        </button>
        {children}
      </div>
    </form>
  );
}
