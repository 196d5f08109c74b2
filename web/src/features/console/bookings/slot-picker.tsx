import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { useState } from 'react';
import { isRealLocalDate } from '#domain/time/calendar-fields.ts';
import { parseTimeOfDay } from '#domain/time/wall-clock.ts';
import { clockTime } from '../shared/console-dates.ts';
import { ErrorNote } from '../shared/console-notes.tsx';
import { inputClass } from '../shared/console-styles.ts';
import { slotsQuery, type SlotSearch, type StaffSlot } from './slots-api.ts';
import { useStaffSession } from '../staff-session-context.ts';

export const slotKey = (slot: StaffSlot) =>
  `${slot.apt_date} ${slot.start_time} ${slot.pms_prov_num} ${slot.pms_op_num}`;

export interface SlotPickStart {
  date: string;
  provider?: number | null;
  /** A time tapped on the grid ("HH:mm"): the first free time within the hour from it is chosen until the person chooses. */
  near?: string | null;
}

/**
 * The state of a slot picker: a day, a provider (null: any) and the time chosen among the day's
 * free times. The choice is derived from the list, so a time that is gone (taken meanwhile, or not
 * free for another reason) is no longer chosen, without an effect to clear it.
 */
export function useSlotPick(search: Omit<SlotSearch, 'date' | 'provider'>, start: SlotPickStart) {
  const session = useStaffSession();
  const [state, setState] = useState({
    date: start.date,
    provider: start.provider ?? null,
    chosenKey: null as string | null,
    near: start.near ?? null,
  });
  const slots = useQuery({
    ...slotsQuery(session.practice.id, { ...search, date: state.date, provider: state.provider }),
    enabled: isRealLocalDate(state.date) && search.reasonId !== null,
  });
  const list = slots.data ?? [];
  const near = state.near === null ? undefined : parseTimeOfDay(state.near);
  const chosen =
    list.find((slot) => slotKey(slot) === state.chosenKey) ??
    (near === undefined
      ? null
      : (list.find((slot) => parseTimeOfDay(slot.start_time) >= near && parseTimeOfDay(slot.start_time) < near + 60) ??
        null));
  return {
    ...state,
    slots,
    chosen,
    setDate: (date: string) => setState((s) => ({ ...s, date, chosenKey: null, near: null })),
    setProvider: (provider: number | null) => setState((s) => ({ ...s, provider, chosenKey: null, near: null })),
    choose: (slot: StaffSlot) => setState((s) => ({ ...s, chosenKey: slotKey(slot), near: null })),
  };
}

export type SlotPick = ReturnType<typeof useSlotPick>;

interface SlotPickerProps {
  pick: SlotPick;
  providers: { pms_prov_num: number; name: string }[];
  /** Why no time can be chosen yet (no reason chosen). */
  waitingFor?: string;
  /** A problem with the choice, tied to the list of times. */
  error?: string;
  errorId?: string;
}

/** Any free time of the slot engine on a chosen day, for one provider or any (staff are not bound by the patient policy). */
export function SlotPicker({ pick, providers, waitingFor, error, errorId }: SlotPickerProps) {
  const { slots } = pick;
  const hasTimes = (slots.data?.length ?? 0) > 0;
  // A problem with the choice marks the times, or the day when it has none to choose from.
  const invalid = (isMarked: boolean) =>
    error && isMarked ? { 'aria-invalid': true as const, 'aria-describedby': errorId } : {};
  const providerName = (num: number) => providers.find((p) => p.pms_prov_num === num)?.name ?? `Provider ${num}`;
  return (
    <div className="flex flex-col gap-4">
      <div className="flex flex-wrap gap-4">
        <label className="font-medium">
          Day
          <input
            type="date"
            value={pick.date}
            onChange={(event) => pick.setDate(event.target.value)}
            {...invalid(!hasTimes)}
            className={inputClass}
          />
        </label>
        <label className="font-medium">
          Provider
          <select
            value={pick.provider ?? ''}
            onChange={(event) => pick.setProvider(event.target.value ? Number(event.target.value) : null)}
            className={inputClass}
          >
            <option value="">Any provider</option>
            {providers.map((p) => (
              <option key={p.pms_prov_num} value={p.pms_prov_num}>
                {p.name}
              </option>
            ))}
          </select>
        </label>
      </div>
      <SlotList
        pick={pick}
        slots={slots}
        providerName={providerName}
        waitingFor={waitingFor}
        error={error}
        errorId={errorId}
        marked={invalid(true)}
      />
    </div>
  );
}

interface SlotListProps extends Pick<SlotPickerProps, 'pick' | 'waitingFor' | 'error' | 'errorId'> {
  slots: UseQueryResult<StaffSlot[]>;
  providerName: (num: number) => string;
  /** What each time's radio carries when the choice has a problem. */
  marked: object;
}

function SlotList({ pick, slots, providerName, waitingFor, error, errorId, marked }: SlotListProps) {
  const chosenKey = pick.chosen ? slotKey(pick.chosen) : null;
  const problem = error && (
    <p id={errorId} className="font-medium text-red-800">
      {error}
    </p>
  );
  if (waitingFor) return <p className="text-slate-700">{waitingFor}</p>;
  return (
    <>
      {slots.isFetching && <p role="status">Looking for free times…</p>}
      {slots.error && <ErrorNote>{slots.error.message}</ErrorNote>}
      {slots.data && slots.data.length === 0 && (
        <p role="status">No free time that day. Try another day or provider.</p>
      )}
      {slots.data && slots.data.length > 0 && (
        <fieldset className="flex flex-col gap-1">
          <legend className="mb-1 font-medium">Free times</legend>
          {problem}
          <div className="grid max-h-64 grid-cols-2 gap-1 overflow-y-auto">
            {slots.data.map((slot) => (
              <label
                key={slotKey(slot)}
                className="flex min-h-11 items-center gap-2 rounded-md border border-slate-300 px-2"
              >
                <input
                  type="radio"
                  name="slot"
                  value={slotKey(slot)}
                  checked={chosenKey === slotKey(slot)}
                  onChange={() => pick.choose(slot)}
                  {...marked}
                />
                {clockTime(slot.start_time)}, {providerName(slot.pms_prov_num)}
              </label>
            ))}
          </div>
        </fieldset>
      )}
      {!(slots.data && slots.data.length > 0) && problem}
    </>
  );
}
