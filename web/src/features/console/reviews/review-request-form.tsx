import { useMutation } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { stripToPhone } from '#domain/booking/booking-field-rules.ts';
import type { CreatedReviewRequest } from '#domain/reviews/review-request-schemas.ts';
import { StaffReviewRequestBodySchema, type StaffReviewRequestBody } from '#domain/staff/staff-inbox-schemas.ts';
import { CheckField, ConsoleForm, FormField, SubmitButtons, useConsoleForm } from '../shared/console-form.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { sendReviewRequest } from './review-requests-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

interface ReviewRequestFormProps {
  /**
   * The visit it is about: its patient comes filled in, and the booking's consented contacts are
   * used when none are typed.
   */
  visit?: { appointmentId: string; firstName: string; lastName: string };
  submitLabel: string;
  onSent: (created: CreatedReviewRequest) => void;
  /** Beside the submit button (a dialog's way out). */
  children?: ReactNode;
}

/** What the person types: the visit's id comes from the server, so it is not theirs to check. */
const TYPED_SCHEMA = StaffReviewRequestBodySchema.omit({ appointment_id: true });

interface ReviewRequestValues {
  patient_first_name: string;
  patient_last_name: string;
  email: string;
  wireless_phone: string;
  is_concented: boolean;
  send: boolean;
}

/**
 * A review request, as the admin API takes it. The server decides what may be sent where (the
 * consent rule of ADR 0013, and no request about a no-show or a cancelled visit): its refusal is
 * shown as it says it, each field's next to the field.
 */
export function ReviewRequestForm({ visit, submitLabel, onSent, children }: ReviewRequestFormProps) {
  const session = useStaffSession();
  const blank = {
    patient_first_name: visit?.firstName ?? '',
    patient_last_name: visit?.lastName ?? '',
    email: '',
    wireless_phone: '',
    is_concented: false,
    send: true,
  };
  const form = useConsoleForm<ReviewRequestValues, StaffReviewRequestBody>({
    schema: TYPED_SCHEMA,
    // An empty contact is none (the booking's, for a visit); a phone as people say it loses its separators.
    toBody: ({ email, wireless_phone, ...values }) => ({
      ...values,
      ...(email.trim() ? { email: email.trim() } : {}),
      ...(stripToPhone(wireless_phone) ? { wireless_phone: stripToPhone(wireless_phone) } : {}),
    }),
    defaultValues: blank,
  });
  const send = useMutation({
    mutationFn: (body: StaffReviewRequestBody) =>
      sendReviewRequest(session.csrf_token, { ...body, ...(visit ? { appointment_id: visit.appointmentId } : {}) }),
    onSuccess: (created) => {
      form.methods.reset();
      onSent(created);
    },
    onError: (error) => form.showServerProblems(error),
  });
  const contact = visit ? '(empty: the booking’s)' : '(optional)';

  return (
    <ConsoleForm
      form={form}
      onSubmit={(body) => send.mutate(body)}
      label="Review request"
      className="flex flex-col gap-3"
    >
      <div className="grid gap-3 sm:grid-cols-2">
        <FormField name="patient_first_name" label="First name">
          <input {...form.field('patient_first_name')} maxLength={100} autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="patient_last_name" label="Last name">
          <input {...form.field('patient_last_name')} maxLength={100} autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="email" label={`E-mail ${contact}`}>
          <input {...form.field('email')} type="email" autoComplete="off" className={inputClass} />
        </FormField>
        <FormField name="wireless_phone" label={`Mobile phone ${contact}`}>
          <input {...form.field('wireless_phone')} type="tel" autoComplete="off" className={inputClass} />
        </FormField>
      </div>
      <CheckField name="is_concented">
        The patient agreed to receive text and e-mail from the practice at the contacts typed here
      </CheckField>
      <CheckField name="send">Send the link now (only to contacts the patient agreed to)</CheckField>
      <SubmitButtons
        labels={{ submit: submitLabel, pending: 'Sending…' }}
        isPending={send.isPending}
        error={send.error}
      >
        {children}
      </SubmitButtons>
    </ConsoleForm>
  );
}
