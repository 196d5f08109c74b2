import { useWatch } from 'react-hook-form';
import { OTHER_INSURANCE } from '#domain/booking/booking-schemas.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import type { ContactFormValues } from './contact-form-values.ts';
import * as messages from './contact-form.messages.ts';
import { ChoiceField, TextField } from './form-fields.tsx';
import { maskId, maskInsuranceName, maskName, maskPhone } from './input-masks.ts';
import { insuranceNotice, insuranceOptions } from './insurance-options.ts';
import { InsuranceSelect } from './insurance-select.tsx';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';

/** Spec section 2 page 5: the insurance section of a practice that shows insurance. */
export function InsuranceSection({ form }: { form: FormDetails }) {
  const t = useMessages(messages);
  const yesNo = [
    { label: t('yes'), value: 'Yes' },
    { label: t('no'), value: 'No' },
  ] as const;
  const answer = useWatch<ContactFormValues, 'haveDentalInsurance'>({ name: 'haveDentalInsurance' });
  const choice = useWatch<ContactFormValues, 'insurance'>({ name: 'insurance' });
  const notice = insuranceNotice(form, choice ?? null);
  const optional = form.optional_insurance_fields;

  return (
    <HeadedSection
      id="insurance-heading"
      heading={t('insuranceHeading')}
      level="h3"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 bg-white p-4 sm:p-6"
      headingClassName="text-lg font-semibold text-slate-900"
    >
      <ChoiceField name="haveDentalInsurance" legend={t('insuranceQuestion')} options={yesNo} />
      {answer === 'No' && form.no_insurance_message?.trim() && <Notice text={form.no_insurance_message} />}
      {answer === 'Yes' && (
        <div className="grid gap-4 sm:grid-cols-2">
          <div className="sm:col-span-2">
            <InsuranceSelect label={t('insuranceLabel')} options={insuranceOptions(form, t('otherInsurance'))} />
          </div>
          {notice && (
            <div className="sm:col-span-2">
              <Notice text={notice} />
            </div>
          )}
          {choice?.value === OTHER_INSURANCE && (
            <TextField name="insuranceProvider" label={t('insuranceProvider')} mask={maskInsuranceName} />
          )}
          <TextField name="subscribersFullName" label={t('subscriberFullName')} mask={maskName} />
          <TextField name="subscriberDOB" label={t('subscriberDob')} isDate />
          <TextField name="subscriberID" label={t('subscriberId')} mask={maskId} />
          {optional.includes('groupNumber') && <TextField name="groupNumber" label={t('groupNumber')} mask={maskId} />}
          {optional.includes('subscriberPhone') && (
            <TextField
              name="subscriberPhone"
              label={t('subscriberPhone')}
              type="tel"
              inputMode="tel"
              mask={maskPhone}
              maxLength={20}
            />
          )}
        </div>
      )}
    </HeadedSection>
  );
}

export function Notice({ text }: { text: string }) {
  return <p className="rounded-md border border-sky-300 bg-sky-50 p-3 text-sm text-slate-900">{text}</p>;
}
