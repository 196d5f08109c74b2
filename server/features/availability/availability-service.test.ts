import { describe, expect, it } from 'vitest';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import type { PmsAdapterSelector } from '../../adapters/pms/pms-adapter-factory.ts';
import type { NotificationHandlers } from '../../db/database.ts';
import type { PracticeRow, ReasonRow } from '../practices/practices-repository.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { createAvailabilityService } from './availability-service.ts';

const PRACTICE_ID = '00000000-0000-4000-8000-00000000000a';
const query = {
  practice_id: PRACTICE_ID,
  reason_for_visit_id: '00000000-0000-4000-8000-000000000002',
  start_date: '2026-03-03',
  end_date: '2026-03-03',
};

/** The service over a schedule the test edits and a listening connection it switches on and off. */
function setup() {
  let now = 0;
  let isListening = true;
  let handlers: NotificationHandlers | undefined;
  const offered: AvailabilityRecord[] = [
    { DateTimeStart: '2026-03-03 09:00:00', DateTimeEnd: '2026-03-03 09:30:00', ProvNum: 1, OpNum: 1 },
  ];
  const practices = {
    requirePracticeAndReason: async () => ({
      practice: { id: PRACTICE_ID, pms: { type: 'builtin' } } as unknown as PracticeRow,
      reason: { final_duration: 30, provider_nums: [] } as unknown as ReasonRow,
    }),
  } as unknown as PracticesService;
  const pmsFor: PmsAdapterSelector = () => ({
    getAvailability: async () => ({ records: [...offered], staleSince: null }),
  });
  const availability = createAvailabilityService({
    practices,
    pmsFor,
    clock: { now: () => new Date(now) },
    db: {
      listen: (_channel, given) => {
        handlers = given;
        return { isListening: () => isListening, close: async () => undefined };
      },
    },
    logger: { warn: () => undefined, info: () => undefined },
  });
  const listed = async () =>
    JSON.parse((await availability.listSlots(query)).encoded('identity').toString()).result as AvailabilityRecord[];
  return {
    availability,
    offered,
    listed,
    handlers: () => handlers!,
    advance: (ms: number) => (now += ms),
    setListening: (value: boolean) => (isListening = value),
  };
}

describe('the availability service across processes', () => {
  it('stops offering a slot this process booked at once, without waiting for any notice', async () => {
    const { availability, offered, listed } = setup();
    expect(await listed()).toHaveLength(1);
    offered.length = 0;
    expect(await listed()).toHaveLength(1);
    availability.invalidatePractice(PRACTICE_ID);
    expect(await listed()).toEqual([]);
  });

  it('forgets a list asked for with an upper-case practice id when the stored id is named', async () => {
    const { availability, offered } = setup();
    const upper = { ...query, practice_id: PRACTICE_ID.toUpperCase() };
    const count = async () =>
      JSON.parse((await availability.listSlots(upper)).encoded('identity').toString()).result.length as number;
    expect(await count()).toBe(1);
    offered.length = 0;
    availability.invalidatePractice(PRACTICE_ID);
    expect(await count()).toBe(0);
  });

  it("stops offering a slot another process booked when that process's notice arrives", async () => {
    const { offered, listed, handlers } = setup();
    expect(await listed()).toHaveLength(1);
    offered.length = 0;
    handlers().onNotification(PRACTICE_ID);
    expect(await listed()).toEqual([]);
  });

  it('keeps lists at most a second while other processes cannot be heard, 20 s while they can', async () => {
    const { offered, listed, advance, setListening } = setup();
    setListening(false);
    expect(await listed()).toHaveLength(1);
    offered.length = 0;
    advance(999);
    expect(await listed()).toHaveLength(1);
    advance(1);
    expect(await listed()).toEqual([]);

    setListening(true);
    advance(1_000);
    offered.push({ DateTimeStart: '2026-03-03 10:00:00', DateTimeEnd: '2026-03-03 10:30:00', ProvNum: 1, OpNum: 1 });
    expect(await listed()).toHaveLength(1);
    offered.length = 0;
    advance(19_999);
    expect(await listed()).toHaveLength(1);
  });
});
