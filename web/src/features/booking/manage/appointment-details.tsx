import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { formatPhone, phoneHref } from '#domain/format/phone-format.ts';
import { DetailItem as Item } from '../../../components/ui/detail-item.tsx';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './manage-page.messages.ts';
import { momentIn, paymentText } from './manage-texts.ts';

/** What was booked: the place and its phone, the visit, the patient and the reference. */
export function AppointmentDetails({ appointment }: { appointment: ManagedAppointment }) {
  const t = useMessages(messages);
  const language = useLanguage();
  const { practice, location, reason, provider } = appointment;
  const where = [location.name ?? practice.name, location.address].filter(Boolean).join(', ');
  const when = appointment.starts_at ? momentIn(appointment.starts_at, appointment, language) : t('toBeAgreed');
  const payment = paymentText(t, appointment.payment, language);
  return (
    <dl className="grid gap-4 text-left sm:grid-cols-2">
      <Item term={t('dateAndTime')} value={when} />
      <Item term={t('where')} value={where} />
      <Item
        term={t('reason')}
        value={reason.is_active ? reason.name : t('notOfferedOnline', { reason: reason.name })}
      />
      {appointment.starts_at && <Item term={t('provider')} value={provider?.name ?? t('firstAvailable')} />}
      <Item term={t('patient')} value={`${appointment.patient.first_name} ${appointment.patient.last_name}`} />
      <Item term={t('reference')} value={appointment.reference} />
      {payment && <Item term={t('payment')} value={payment} />}
      {practice.phone && (
        <div>
          <dt className="text-sm text-slate-600">{t('phone')}</dt>
          <dd className="mt-1 font-medium">
            <a href={phoneHref(practice.phone)} className="text-slate-900 underline underline-offset-2">
              {formatPhone(practice.phone)}
            </a>
          </dd>
        </div>
      )}
    </dl>
  );
}
