import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch } from 'react-hook-form';
import { createBookingFormSchema, type BookingForm } from '#domain/booking/booking-form-schema.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { useBookingContext } from '../booking-context.ts';
import * as messages from '../contact/contact-form.messages.ts';
import { contactFormValues, patientDetailsFrom, type ContactFormValues } from '../contact/contact-form-values.ts';
import { CheckboxField } from '../contact/form-fields.tsx';
import { InsuranceSection, Notice } from '../contact/insurance-section.tsx';
import { PatientFields } from '../contact/patient-fields.tsx';
import { submitLabel } from '../contact/submit-rules.ts';
import { useFingerprint } from '../contact/use-fingerprint.ts';
import { useSubmitBooking } from '../contact/use-submit-booking.ts';
import { useSubmitHint } from '../contact/use-submit-hint.ts';
import { FormStepFrame } from '../navigation/form-step-frame.tsx';
import { ConsentWords } from '../shared-texts.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { onlyStatusFor, onlyStatusNotice } from '../contact/only-status.ts';
import { useBookingFormContext } from '../contact/use-booking-form-context.ts';
import { VisitPrice } from './visit-price.tsx';

const FORM_ID = 'contact-form';

/** Page 5 (spec section 2): the patient's contact details, insurance and consent. */
export default function ContactStep({ clinicNum }: { clinicNum: number | null }) {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const formContext = useBookingFormContext(form);
  const schema = useMemo(() => createBookingFormSchema(formContext), [formContext]);
  const [onlyStatus] = useState(() => onlyStatusFor(useBookingStore.getState().patientFormDetails.reasonForVisit));
  const [defaultValues] = useState(() => {
    const state = useBookingStore.getState();
    const values = contactFormValues(state.patientFormDetails, state.formSecurity.hp);
    // The only answer this reason can be booked with (an rfv link may lead here without page 1).
    return onlyStatus ? { ...values, patientStatus: onlyStatus } : values;
  });
  const methods = useForm<ContactFormValues, unknown, BookingForm>({
    resolver: zodResolver(schema),
    defaultValues,
    mode: 'onTouched',
  });
  const values = useWatch({ control: methods.control });
  const savePatientDetails = useBookingStore((state) => state.savePatientDetails);
  const reason = useBookingStore((state) => state.patientFormDetails.reasonForVisit);
  const fingerprint = useFingerprint();

  // Nothing typed is lost: every change goes to session storage at once.
  useEffect(() => {
    savePatientDetails(patientDetailsFrom(values), values.hp ?? '');
  }, [values, savePatientDetails]);

  const { submit, isLocked, isSubmitting } = useSubmitBooking({
    formContext,
    clinicNum,
    fingerprint: fingerprint ?? null,
    showFieldErrors: (errors) => {
      for (const [field, message] of errors) methods.setError(field, { type: 'server', message });
      if (errors[0]) methods.setFocus(errors[0][0]);
    },
  });

  const honeypot = methods.register('hp');
  const isForSomeoneElse = values.bookingForSomeOne === true;
  const hint = useSubmitHint({ schema, values, practiceName: form.name, fingerprint, isLocked, isSubmitting });
  const label = submitLabel({
    toVerifyPatient: form.to_verify_patient,
    isPaymentEnabled: reason?.is_payment_enabled ?? false,
    isSubmitting,
  });
  const info = (reason?.is_payment_enabled ? form.info_for_paid_patient : form.info_for_patient)?.trim();

  return (
    <FormStepFrame
      heading={t('heading')}
      formId={FORM_ID}
      nextLabel={t(label)}
      isNextDisabled={hint !== null}
      nextHint={hint}
    >
      <FormProvider {...methods}>
        <form
          id={FORM_ID}
          noValidate
          onSubmit={methods.handleSubmit(submit)}
          className="flex flex-col gap-6"
          aria-busy={isSubmitting}
        >
          <VisitPrice reason={reason} className="font-semibold text-slate-900" />
          {onlyStatus && <Notice text={t(onlyStatusNotice(onlyStatus, isForSomeoneElse))} />}
          <PatientFields isForSomeoneElse={isForSomeoneElse} onlyStatus={onlyStatus} />
          {form.to_show_insurances && <InsuranceSection form={form} />}
          {info && <Notice text={info} />}
          {!form.to_verify_patient && (
            <CheckboxField name="agreeTextAndEmail">
              <ConsentWords place="booking_form" practiceName={form.name} />
            </CheckboxField>
          )}
          {/* The honeypot: hidden from people and assistive technology, so only bots fill it. */}
          <div aria-hidden="true" className="absolute -left-[10000px] h-px w-px overflow-hidden">
            <label htmlFor="booking-hp">{t('honeypot')}</label>
            <input id="booking-hp" tabIndex={-1} autoComplete="off" {...honeypot} />
          </div>
        </form>
      </FormProvider>
    </FormStepFrame>
  );
}
