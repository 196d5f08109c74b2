import { useQuery } from '@tanstack/react-query';
import { useParams } from '../../../lib/page-router.tsx';
import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { BrandedFrame } from '../../../components/branding/branded-frame.tsx';
import { PracticePageLoading } from '../../../components/branding/practice-page.tsx';
import { practicePageTitle } from '../../../components/branding/practice-page-title.ts';
import { AddToCalendar } from '../../../components/ui/add-to-calendar.tsx';
import { OutcomeHeading } from '../../../components/ui/outcome-heading.tsx';
import { SimplePage } from '../../../components/ui/simple-page.tsx';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { formDetailsQuery } from '../../../lib/practice-form-queries.ts';
import { useDocumentMeta } from '../../../lib/use-document-meta.ts';
import { AppointmentDetails } from './appointment-details.tsx';
import { CancelDialog } from './cancel-dialog.tsx';
import { managedAppointmentQuery } from './manage-api.ts';
import { ConfirmVisit } from './confirm-visit.tsx';
import { ManageActions } from './manage-actions.tsx';
import * as messages from './manage-page.messages.ts';
import { momentIn, stateHeading, stateNote } from './manage-texts.ts';
import { ReschedulePanel } from './reschedule-panel.tsx';
import { useManageCard } from './use-manage-card.ts';
import { usePrivatePage } from '../../../lib/use-private-page.ts';

const MANAGE_CARD_CLASS =
  'flex w-full max-w-3xl flex-col gap-6 rounded-xl border border-slate-200 bg-white p-6 ' + 'shadow-sm sm:p-10';

/**
 * Route `/:formUrl/appointment/:token` (ADR 0036): the patient's own booking, its state, and what
 * the practice's policy lets them do about it now.
 */
export function ManagePage() {
  const t = useMessages(messages);
  const language = useLanguage();
  const { token = '' } = useParams();
  usePrivatePage();
  const appointment = useQuery(managedAppointmentQuery(token, language));
  const formUrl = appointment.data?.practice.form_url ?? '';
  const form = useQuery({ ...formDetailsQuery(formUrl, null, language), enabled: formUrl !== '' });
  useDocumentMeta(
    form.data ? { title: practicePageTitle(t('pageName'), form.data.name), description: form.data.description } : null,
  );

  if (appointment.isPending || (formUrl !== '' && form.isPending)) return <PracticePageLoading label={t('loading')} />;
  if (appointment.isError) {
    return (
      <SimplePage title={t('notFoundTitle')}>
        <p className="text-slate-700">{appointment.error.message}</p>
      </SimplePage>
    );
  }
  const card = (
    <ManageCard
      token={token}
      appointment={appointment.data}
      minLeadHours={form.data?.min_hours_before_booking ?? 0}
      horizonMonths={form.data?.booking_horizon_months}
      selectedColor={form.data?.form_customization.button_color_1 ?? ''}
    />
  );
  return form.data ? (
    <BrandedFrame form={form.data}>{card}</BrandedFrame>
  ) : (
    <div className="flex min-h-screen justify-center bg-slate-50 px-4 py-12">{card}</div>
  );
}

function ManageCard({
  token,
  appointment,
  minLeadHours,
  horizonMonths,
  selectedColor,
}: {
  token: string;
  appointment: ManagedAppointment;
  minLeadHours: number;
  horizonMonths?: number;
  selectedColor: string;
}) {
  const t = useMessages(messages);
  const language = useLanguage();
  const heading = stateHeading(t, appointment);
  const { mode, setMode, announcement, show, cancel, pay, confirm, closeDialog, startReschedule, startCancel } =
    useManageCard(token);

  return (
    <div className={MANAGE_CARD_CLASS}>
      <OutcomeHeading
        text={heading}
        className="text-2xl font-semibold break-words text-slate-900 focus-visible:outline-offset-4"
      />
      <p role="status" className="text-slate-800 empty:hidden">
        {announcement}
      </p>
      <p className="text-slate-800 empty:hidden">{stateNote(t, appointment)}</p>
      <AppointmentDetails appointment={appointment} />
      {appointment.confirmation.can_confirm && mode === 'view' && (
        <ConfirmVisit
          isConfirming={confirm.isPending}
          error={confirm.error?.message ?? null}
          onConfirm={() => confirm.mutate()}
        />
      )}
      {appointment.calendar && <AddToCalendar choices={appointment.calendar} />}
      {pay.error && (
        <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-3 text-red-900">
          {pay.error.message}
        </p>
      )}
      {mode === 'reschedule' ? (
        <ReschedulePanel
          token={token}
          appointment={appointment}
          minLeadHours={minLeadHours}
          horizonMonths={horizonMonths}
          selectedColor={selectedColor}
          onMoved={(moved) =>
            show(moved, t('moved', { when: moved.starts_at ? momentIn(moved.starts_at, moved, language) : '' }))
          }
          onClose={() => setMode('view')}
        />
      ) : (
        <ManageActions
          appointment={appointment}
          isPaying={pay.isPending}
          onPay={() => pay.mutate()}
          onReschedule={startReschedule}
          onCancel={startCancel}
        />
      )}
      {mode === 'cancel' && (
        <CancelDialog
          appointment={appointment}
          isCancelling={cancel.isPending}
          error={cancel.error?.message ?? null}
          onConfirm={(reason) => cancel.mutate(reason)}
          onClose={closeDialog}
        />
      )}
    </div>
  );
}
