import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCallback, useMemo, useRef, useState } from 'react';
import type { ManagedAppointment } from '#domain/booking/manage-schemas.ts';
import { localiseTime12h, formatDayInSentence } from '#domain/time/time-format.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useLanguage, useMessages } from '../../../lib/i18n/use-messages.ts';
import { newIdempotencyKey } from '../contact/idempotency-key.ts';
import { SlotPicker } from '../slots/slot-picker.tsx';
import type { DaySlot } from '../slots/slot-rules.ts';
import { manageSlotSource, rescheduleAppointment } from './manage-api.ts';
import * as messages from './manage-page.messages.ts';
import { OUTLINE_BUTTON_CLASS } from '../../../components/ui/class-names.ts';
import { HeadedSection } from '../../../components/ui/headed-section.tsx';

const isSlotTaken = (error: unknown) =>
  error instanceof ApiError && error.status === 409 && error.code === 'SLOT_TAKEN';

interface ReschedulePanelProps {
  token: string;
  appointment: ManagedAppointment;
  /** Practice settings the slot step reads. */
  minLeadHours: number;
  horizonMonths?: number;
  selectedColor: string;
  onMoved: (moved: ManagedAppointment) => void;
  onClose: () => void;
}

/**
 * `Reschedule` (ADR 0036): the booking flow's slot step for the same reason, clinic and provider,
 * fed by the manage link's slot list (where the booking's own time is free). Confirming sends the
 * move with an Idempotency-Key kept for the chosen time, so a retry after a lost answer cannot move
 * twice; a time taken meanwhile is said as in the booking flow, and the booking stays as it was.
 */
export function ReschedulePanel({
  token,
  appointment,
  minLeadHours,
  horizonMonths,
  selectedColor,
  onMoved,
  onClose,
}: ReschedulePanelProps) {
  const t = useMessages(messages);
  const language = useLanguage();
  const provNum = appointment.provider?.pms_prov_num ?? 0;
  const source = useMemo(() => manageSlotSource(token, provNum), [token, provNum]);
  const [chosen, setChosen] = useState<DaySlot | null>(null);
  const clearChoice = useCallback(() => setChosen(null), []);
  const { move, refusal, confirm } = useMove(token, chosen, onMoved, clearChoice);
  const choose = (slot: DaySlot) => {
    move.reset();
    setChosen(slot);
  };

  const when = chosen
    ? `${formatDayInSentence(chosen.date, language)}, ${localiseTime12h(chosen.slotStart, language)}`
    : null;
  return (
    <HeadedSection
      id="reschedule-heading"
      heading={t('chooseNewTime')}
      level="h2"
      className="flex flex-col gap-4 border-t border-slate-200 pt-6 text-left"
      headingClassName="text-xl font-semibold text-slate-900"
    >
      <SlotPicker
        source={source}
        timeZone={appointment.practice.time_zone}
        minLeadHours={minLeadHours}
        horizonMonths={horizonMonths}
        selectedColor={selectedColor}
        phone={appointment.practice.phone ?? ''}
        chosen={chosen}
        initialDate={appointment.apt_date}
        onChoose={choose}
        onMonthChange={clearChoice}
        dayHeadingId="reschedule-day-heading"
        notice={
          refusal && (
            <p role="alert" className="rounded-lg border border-red-300 bg-red-50 p-4 font-medium text-red-900">
              {refusal}
            </p>
          )
        }
      />
      <div className="flex flex-col gap-3 sm:flex-row">
        <button
          type="button"
          disabled={!chosen || move.isPending}
          onClick={confirm}
          className="min-h-11 rounded-md px-4 py-2 font-semibold text-white disabled:opacity-60"
          style={{ backgroundColor: '#0f172a' }}
        >
          {move.isPending ? t('moving') : when ? t('moveTo', { when }) : t('chooseNewTime')}
        </button>
        <button type="button" onClick={onClose} className={OUTLINE_BUTTON_CLASS}>
          {t('keepTime')}
        </button>
      </div>
    </HeadedSection>
  );
}

/**
 * The move (a mutation): an Idempotency-Key kept for the chosen time, and the refusal to show; a
 * time taken meanwhile is given back and the list fetched afresh.
 */
function useMove(
  token: string,
  chosen: DaySlot | null,
  onMoved: (moved: ManagedAppointment) => void,
  onTaken: () => void,
) {
  const t = useMessages(messages);
  const queryClient = useQueryClient();
  const attempt = useRef<{ slot: DaySlot; key: string } | null>(null);
  const move = useMutation({
    mutationFn: ({ slot, key }: { slot: DaySlot; key: string }) =>
      rescheduleAppointment(
        token,
        { apt_date: slot.date, start_time: slot.startTime, pms_prov_num: slot.provNum, pms_op_num: slot.opNum },
        key,
      ),
    onSuccess: onMoved,
    onError: async (error) => {
      if (!isSlotTaken(error)) return;
      onTaken();
      await queryClient.invalidateQueries({ queryKey: ['manage-slots', token] });
    },
  });
  const refusal = move.error ? (isSlotTaken(move.error) ? t('slotTaken') : move.error.message) : null;

  const confirm = () => {
    if (!chosen) return;
    // One key per chosen time: a retry of the same choice is the same request.
    if (attempt.current?.slot !== chosen) attempt.current = { slot: chosen, key: newIdempotencyKey() };
    move.mutate(attempt.current);
  };

  return { move, refusal, confirm };
}
