import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import type { Clinic } from '#domain/practice/practice-schemas.ts';
import { BrandButton } from '../../../components/ui/brand-button.tsx';
import { Skeleton } from '../../../components/ui/skeleton.tsx';
import { TooltipScope, Tooltipped } from '../../../components/ui/tooltipped.tsx';
import { tooltipFor, TruncatedText } from '../../../components/ui/truncated-text.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import { clinicsQuery } from '../../../lib/practice-form-queries.ts';
import { usePageQuery } from '../../../lib/page-queries/use-page-query.ts';
import { useBookingContext } from '../booking-context.ts';
import { StepFrame } from '../navigation/step-frame.tsx';
import { useBookingStore } from '../state/booking-store.ts';
import { useUiStore } from '../state/ui-store.ts';
import * as messages from './choice-steps.messages.ts';

/** Spec section 9: clinic names are cut at 32 characters, addresses at 70. */
export const CLINIC_NAME_MAX = 32;
export const CLINIC_ADDRESS_MAX = 70;

/** Spec section 2: the location choice of a multi-clinic practice, before page 1. */
export function ClinicStep() {
  const t = useMessages(messages);
  const { form } = useBookingContext();
  const clinics = usePageQuery(clinicsQuery(form.id));

  return (
    <StepFrame heading={t('clinicHeading')} showStepLabel={false}>
      {clinics.isPending ? (
        <ClinicsSkeleton />
      ) : clinics.isError ? (
        <p role="alert" className="text-red-800">
          {clinics.error.message}
        </p>
      ) : clinics.data.length === 0 ? (
        <p className="text-slate-700">{t('noData')}</p>
      ) : (
        <TooltipScope active={clinics.data.some(hasClinicTooltip)} fallback={<ClinicsSkeleton />}>
          <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-3">
            {clinics.data.map((clinic) => (
              <li key={clinic.id}>
                <ClinicCard clinic={clinic} buttonColor={form.form_customization.button_color_2} />
              </li>
            ))}
          </ul>
        </TooltipScope>
      )}
    </StepFrame>
  );
}

function ClinicsSkeleton() {
  return (
    <div className="grid gap-4 sm:grid-cols-2" aria-busy="true">
      <Skeleton className="h-44" />
      <Skeleton className="h-44" />
    </div>
  );
}

const clinicName = (clinic: Clinic) => clinic.display_name?.trim() || clinic.pms_abbr?.trim() || '';
const clinicAddress = (clinic: Clinic) => clinic.display_address?.trim() || clinic.pms_address1?.trim() || '';
const hasClinicTooltip = (clinic: Clinic) =>
  tooltipFor(clinicName(clinic), CLINIC_NAME_MAX) !== null ||
  tooltipFor(clinicAddress(clinic), CLINIC_ADDRESS_MAX) !== null;

function ClinicCard({ clinic, buttonColor }: { clinic: Clinic; buttonColor: string }) {
  const t = useMessages(messages);
  const saveClinic = useBookingStore((state) => state.saveClinic);
  const requestHeadingFocus = useUiStore((state) => state.requestHeadingFocus);
  const name = clinicName(clinic);
  const tag = clinic.display_location?.trim() || clinic.pms_city?.trim() || '';
  const address = clinicAddress(clinic);
  const phone = clinic.display_phone?.trim() || '';
  const nameId = `clinic-${clinic.pms_clinic_num}-name`;

  const choose = () => {
    saveClinic(clinic);
    requestHeadingFocus();
  };

  return (
    <article className="flex h-full flex-col gap-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm">
      <h3 id={nameId} className="text-lg font-semibold text-slate-900">
        <Tooltipped tip={tooltipFor(name, CLINIC_NAME_MAX)}>
          <span tabIndex={tooltipFor(name, CLINIC_NAME_MAX) ? 0 : undefined}>
            <TruncatedText text={name} max={CLINIC_NAME_MAX} />
          </span>
        </Tooltipped>
      </h3>
      {tag && <p className="w-fit rounded-full bg-slate-100 px-3 py-1 text-sm text-slate-800">{tag}</p>}
      {address && (
        <p className="text-slate-700">
          <Tooltipped tip={tooltipFor(address, CLINIC_ADDRESS_MAX)}>
            <span tabIndex={tooltipFor(address, CLINIC_ADDRESS_MAX) ? 0 : undefined}>
              <TruncatedText text={address} max={CLINIC_ADDRESS_MAX} />
            </span>
          </Tooltipped>
        </p>
      )}
      {phone && (
        <a href={phoneHref(phone)} className="w-fit text-slate-900 underline underline-offset-2">
          {formatPhone(phone)}
        </a>
      )}
      <BrandButton color={buttonColor} className="mt-auto self-start" aria-describedby={nameId} onClick={choose}>
        {t('bookAppointment')}
      </BrandButton>
    </article>
  );
}
