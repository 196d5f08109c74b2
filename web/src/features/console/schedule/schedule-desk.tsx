import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { ScheduleBlock, StaffSchedule } from '#domain/staff/staff-appointment-schemas.ts';
import type { StaffBlockBody, StaffBlockCreated, StaffBookingCreated } from '#domain/staff/staff-booking-schemas.ts';
import { BlockTimeDialog } from './block-time-dialog.tsx';
import { BookPatientDialog } from './book-patient-dialog.tsx';
import { clockTime, dayHeading, todayIn } from '../shared/console-dates.ts';
import { primaryButtonClass, secondaryButtonClass } from '../shared/console-styles.ts';
import type { GridColumn } from './schedule-layout.ts';
import type { SlotPickStart } from '../bookings/slot-picker.tsx';
import { useStaffSession } from '../staff-session-context.ts';
import { UnblockDialog } from './unblock-dialog.tsx';
import { useFocusReturn } from '../shared/use-focus-return.ts';

type DeskDialog =
  { kind: 'book'; start: SlotPickStart } | { kind: 'block' } | { kind: 'unblock'; block: ScheduleBlock };

interface DeskOptions {
  schedule: StaffSchedule | undefined;
  /** The clinic the page shows (null: the practice has one). */
  clinic: number | null;
  /** The page's date, and every date it shows (a week). */
  date: string;
  dates: string[];
  /** Moves the page to a day it does not show, where the new booking or block is. */
  onShowDate: (date: string) => void;
}

const grid = () => document.querySelector<HTMLElement>('[aria-label="Schedule grid"]');
const wallTime = (minutes: number) =>
  `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;

/** What is announced after a booking: when, with whom, its reference. */
function bookedText(booked: StaffBookingCreated, patient: string, providerName: (num: number) => string) {
  return (
    `Booked ${patient} on ${dayHeading(booked.apt_date)} at ${clockTime(booked.start_time)} ` +
    `with ${providerName(booked.pms_prov_num)}, reference ${booked.reference}. The patient gets the confirmation.`
  );
}

/** What is announced after blocking time, with the bookings already in it (they stay). */
function blockedText(created: StaffBlockCreated, body: StaffBlockBody, whom: string) {
  const count = created.overlapping_bookings;
  const stay =
    count === 0
      ? ''
      : count === 1
        ? ' 1 booking in that time stays booked.'
        : ` ${count} bookings in that time stay booked.`;
  const when = `${dayHeading(body.date)}, ${clockTime(body.start_time)}–${clockTime(body.end_time)}`;
  return `Blocked ${when} for ${whom}.${stay}`;
}

/**
 * The front desk's changes to the schedule: book a patient who phoned, block time and
 * remove it (the built-in schedule only: an Open Dental practice blocks time in Open Dental). The
 * page makes itself inert while one of these dialogs is open; after it the schedule is read again,
 * the focus goes back to what opened it, and the result is announced.
 */
export function useScheduleDesk({ schedule, clinic, date, dates, onShowDate }: DeskOptions) {
  const session = useStaffSession();
  const queryClient = useQueryClient();
  const [dialog, setDialog] = useState<DeskDialog | null>(null);
  const [said, setSaid] = useState('');
  const rememberOpener = useFocusReturn(dialog !== null, grid);
  const canBook = session.permissions.includes('bookings');
  const canBlock = session.permissions.includes('schedule') && session.practice.builtin_schedule;
  const today = todayIn(session.practice.time_zone);
  const firstDay = date < today ? today : date;

  const open = (next: DeskDialog, opener: HTMLElement) => {
    rememberOpener(opener);
    setSaid('');
    setDialog(next);
  };
  const done = (text: string, day?: string) => {
    void queryClient.invalidateQueries({ queryKey: ['schedule'] });
    if (day && !dates.includes(day)) onShowDate(day);
    setSaid(text);
    setDialog(null);
  };
  const close = () => setDialog(null);
  const providerName = (num: number) =>
    schedule?.providers.find((p) => p.pms_prov_num === num)?.name ?? `provider ${num}`;

  const actions = (canBook || canBlock) && (
    <DeskButtons
      canBook={canBook}
      canBlock={canBlock}
      disabled={!schedule}
      onBook={(opener) => open({ kind: 'book', start: { date: firstDay } }, opener)}
      onBlock={(opener) => open({ kind: 'block' }, opener)}
    />
  );

  const layer = (
    <>
      <DeskNotice said={said} onDismiss={() => setSaid('')} />
      {schedule && dialog?.kind === 'book' && (
        <BookPatientDialog
          schedule={schedule}
          clinic={clinic}
          start={dialog.start}
          onClose={close}
          onBooked={(booked, patient) => done(bookedText(booked, patient, providerName), booked.apt_date)}
        />
      )}
      {schedule && dialog?.kind === 'block' && (
        <BlockTimeDialog
          schedule={schedule}
          clinic={clinic}
          date={firstDay}
          onClose={close}
          onBlocked={(created, body, whom) => done(blockedText(created, body, whom), body.date)}
        />
      )}
      {schedule && dialog?.kind === 'unblock' && (
        <UnblockDialog block={dialog.block} schedule={schedule} onClose={close} onRemoved={(text) => done(text)} />
      )}
    </>
  );

  return {
    isOpen: dialog !== null,
    actions,
    layer,
    /** A tap on free time in a column: book there (a day's column presets the day, a provider's the provider too). */
    onFreeTime: canBook
      ? (column: GridColumn, minutes: number) =>
          open(
            { kind: 'book', start: { date: column.date, provider: column.provider ?? null, near: wallTime(minutes) } },
            grid()!,
          )
      : undefined,
    /** Staff-made blocked time on the grid: ask, then remove it. */
    onBlock: canBlock
      ? (block: ScheduleBlock, opener: HTMLElement) => open({ kind: 'unblock', block }, opener)
      : undefined,
  };
}

interface DeskButtonsProps {
  canBook: boolean;
  canBlock: boolean;
  disabled: boolean;
  onBook: (opener: HTMLElement) => void;
  onBlock: (opener: HTMLElement) => void;
}

/** The toolbar's front-desk buttons, each as the staff member's permissions allow. */
function DeskButtons({ canBook, canBlock, disabled, onBook, onBlock }: DeskButtonsProps) {
  const buttons = [
    { is: canBook, label: 'Book a patient', onOpen: onBook, className: primaryButtonClass },
    { is: canBlock, label: 'Block time', onOpen: onBlock, className: secondaryButtonClass },
  ];
  return (
    <div role="group" aria-label="Front desk" className="flex flex-wrap gap-1">
      {buttons.map(
        ({ is, label, onOpen, className }) =>
          is && (
            <button
              key={label}
              type="button"
              aria-haspopup="dialog"
              disabled={disabled}
              onClick={(event) => onOpen(event.currentTarget)}
              className={className}
            >
              {label}
            </button>
          ),
      )}
    </div>
  );
}

/** The result of the last change, announced, and shown until dismissed. */
function DeskNotice({ said, onDismiss }: { said: string; onDismiss: () => void }) {
  return (
    <div
      className={
        said
          ? 'fixed bottom-4 left-1/2 z-30 flex w-[min(40rem,95vw)] -translate-x-1/2 items-start gap-2 ' +
            'rounded-md border border-emerald-300 bg-emerald-50 p-3 text-emerald-900 shadow-lg'
          : 'sr-only'
      }
    >
      <p role="status" className="mr-auto">
        {said}
      </p>
      {said && (
        <button
          type="button"
          onClick={onDismiss}
          className="min-h-11 rounded-md border border-emerald-700 bg-white px-3 font-medium"
        >
          Dismiss
        </button>
      )}
    </div>
  );
}
