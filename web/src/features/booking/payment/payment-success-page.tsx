import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useParams, useSearchParams } from '../../../lib/page-router.tsx';
import { formatDayHeadingIn, formatTimeOfDayIn } from '#domain/format/localized-format.ts';
import { clearCheckoutSession, type PaymentReceipt } from './checkout-session.ts';
import { PaymentFrame } from './payment-frame.tsx';
import { formatDollars } from './payment-return-urls.ts';
import * as messages from './payment-pages.messages.ts';
import { usePaymentReturn } from './use-payment-return.ts';
import { panelContact } from '../../../components/branding/panel-contact.ts';
import { ManageLinks } from '../manage/manage-links.tsx';
import { DetailItem as Item } from '../../../components/ui/detail-item.tsx';
import { RadarSpinner } from '../../../components/ui/radar-spinner.tsx';
import { intlLocale } from '../../../lib/i18n/language-state.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { clinicsQuery, formDetailsQuery } from '../../../lib/practice-form-queries.ts';
import type { PaymentAppointment } from '#domain/payments/payment-schemas.ts';
import type { FormDetails } from '#domain/practice/practice-schemas.ts';
import { zoneAbbreviationAt } from '#domain/time/appointment-time.ts';
import { PageLink } from '../../../components/ui/page-link.tsx';

/** How long the receipt stays before the page returns to the booking form (spec section 4). */
export const RETURN_DELAY_SECONDS = 10;

/**
 * Route `/:formUrl/payment-success` (spec sections 2 and 4). The session is looked up first;
 * 'Payment Successful' only for payment_status 'paid', otherwise the failure message. Once the
 * appointment is booked the booking state is cleared at once; the page returns to the form after
 * a visible countdown, which the patient can stop, or at once with the link.
 */
export function PaymentSuccessPage() {
  const t = useMessages(messages);
  const { formUrl = '' } = useParams();
  const [searchParams] = useSearchParams();
  const outcome = usePaymentReturn(formUrl, searchParams.get('session_id'));
  // The practice's header and name in the tab (ADR 0032); the page works without them.
  const practice = useQuery(formDetailsQuery(formUrl, null, useLanguage())).data;
  const address = useVisitAddress(practice, outcome.kind === 'checked' ? outcome.appointment : null);

  if (outcome.kind === 'checking') {
    return (
      <PaymentFrame title={t('statusTitle')} practice={practice} isBusy>
        <RadarSpinner label={t('checking')} />
      </PaymentFrame>
    );
  }
  if (outcome.kind === 'unknown') {
    return (
      <PaymentFrame title={t('statusTitle')} practice={practice}>
        <p className="text-slate-700">{t('unknown')}</p>
        <BackLink formUrl={formUrl} />
      </PaymentFrame>
    );
  }
  return (
    <PaymentFrame title={outcome.isPaid ? t('successTitle') : t('failedTitle')} practice={practice}>
      <p className="text-slate-700">{outcome.isPaid ? t('successMessage') : t('failedMessage')}</p>
      {outcome.isPaid && outcome.receipt && (
        <Receipt
          receipt={outcome.receipt}
          reference={outcome.booked?.reference ?? null}
          appointment={outcome.appointment}
          address={address}
        />
      )}
      {outcome.booked?.managePath && (
        <ManageLinks
          managePath={outcome.booked.managePath}
          event={
            practice && outcome.booked.startsAt && outcome.booked.endsAt
              ? {
                  title: practice.name,
                  location: [practice.name, address].filter(Boolean).join(', '),
                  start: new Date(outcome.booked.startsAt),
                  end: new Date(outcome.booked.endsAt),
                }
              : null
          }
        />
      )}

      {outcome.isBooked ? <ReturnCountdown formUrl={formUrl} /> : <BackLink formUrl={formUrl} />}
    </PaymentFrame>
  );
}

/** The visit's address as page 7 gives it: its clinic's, else the practice's. */
function useVisitAddress(practice: FormDetails | undefined, appointment: PaymentAppointment | null): string | null {
  const clinicNum = appointment?.clinic_num ?? null;
  const isClinic = Boolean(practice?.clinic_set_up) && clinicNum !== null;
  const clinics = useQuery({ ...clinicsQuery(practice?.id ?? ''), enabled: isClinic });
  if (!practice) return null;
  const clinic = isClinic ? (clinics.data?.find((c) => c.pms_clinic_num === clinicNum) ?? null) : null;
  return panelContact(practice, clinic).address;
}

interface ReceiptProps {
  receipt: PaymentReceipt;
  reference: string | null;
  appointment: PaymentAppointment | null;
  address: string | null;
}

function Receipt({ receipt, reference, appointment, address }: ReceiptProps) {
  const t = useMessages(messages);
  const locale = intlLocale();
  // The zone is named as page 7 names it ("09:00 AM CST"), from the server's time zone of the visit.
  const zone =
    appointment?.apt_date && appointment.start_time
      ? ` ${zoneAbbreviationAt(appointment.apt_date, appointment.start_time, appointment.time_zone)}`
      : '';
  // The slot's start was stored as page 4 showed it ("08:05 AM"); it is written again in the patient's locale.
  const when = receipt.slot
    ? `${formatDayHeadingIn(receipt.slot.date, locale)}, ${formatTimeOfDayIn(receipt.slot.slotStart, locale)}${zone}`
    : null;
  return (
    <dl className="grid gap-3 rounded-lg border border-slate-200 p-4 text-left sm:grid-cols-2">
      {when && <Item term={t('dateAndTime')} value={when} />}
      {/* A First Available booking went to someone: the server names them, as page 7 does. */}
      <Item term={t('provider')} value={appointment?.provider_name ?? receipt.providerName} />
      {address && <Item term={t('address')} value={address} />}
      {receipt.reasonName && <Item term={t('reason')} value={receipt.reasonName} />}
      <Item term={t('amountPaid')} value={formatDollars(receipt.amount, locale)} />
      {reference && <Item term={t('reference')} value={reference} />}
    </dl>
  );
}

function BackLink({ formUrl }: { formUrl: string }) {
  const t = useMessages(messages);
  return (
    <PageLink to={`/${formUrl}`} onClick={clearCheckoutSession} className="text-slate-900 underline underline-offset-2">
      {t('backToForm')}
    </PageLink>
  );
}

/** Counts down to the booking form; 'Stay on this page' stops it, so nobody is hurried off the receipt. */
function ReturnCountdown({ formUrl }: { formUrl: string }) {
  const t = useMessages(messages);
  const navigate = useNavigate();
  const [secondsLeft, setSecondsLeft] = useState<number | null>(RETURN_DELAY_SECONDS);
  const isCounting = secondsLeft !== null;

  useEffect(() => {
    if (!isCounting) return;
    const timer = setInterval(() => setSecondsLeft((left) => (left === null ? null : Math.max(0, left - 1))), 1_000);
    return () => clearInterval(timer);
  }, [isCounting]);

  useEffect(() => {
    if (secondsLeft !== 0) return;
    clearCheckoutSession();
    void navigate(`/${formUrl}`, { replace: true });
  }, [secondsLeft, formUrl, navigate]);

  return (
    <div className="flex flex-col items-center gap-2">
      {isCounting && (
        <p className="text-slate-700">
          {t('returning', { seconds: secondsLeft })}{' '}
          <button
            type="button"
            onClick={() => setSecondsLeft(null)}
            className="font-semibold text-slate-900 underline underline-offset-2"
          >
            {t('stay')}
          </button>
        </p>
      )}
      <BackLink formUrl={formUrl} />
    </div>
  );
}
