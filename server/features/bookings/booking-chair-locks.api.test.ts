import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, isPostgres, type TestDatabase } from '../../test/test-database.ts';
import { quarterHoursTouched, queueBehindSamePatientAndChairBookings } from './bookings-repository.ts';

const at = (time: string) => new Date(`2027-03-10T${time}:00Z`);

describe('quarterHoursTouched', () => {
  it('names every quarter hour a time touches, its end excluded', () => {
    const quarter = at('09:00').getTime() / 900_000;
    expect(quarterHoursTouched(at('09:00'), at('09:30'))).toEqual([quarter, quarter + 1]);
    expect(quarterHoursTouched(at('09:10'), at('09:20'))).toEqual([quarter, quarter + 1]);
    expect(quarterHoursTouched(at('09:30'), at('10:00'))).toEqual([quarter + 2, quarter + 3]);
  });
});

/**
 * ADR 0087: a booking queues behind another of the same provider or chair only when their times share a quarter
 * hour, so overlapping bookings still wait for each other (ADR 0078) while other times of one provider do not.
 */
describe.runIf(isPostgres)('the chair locks of a booking', () => {
  let test: TestDatabase;
  beforeAll(async () => {
    test = await createTestDatabase();
  });
  afterAll(() => test.destroy());

  const practiceId = randomUUID();
  /** A booking's transaction that takes its locks, then runs `whileHeld` before it commits. */
  const lockOf = (provNum: number, opNum: number, from: string, to: string, whileHeld = async () => {}) =>
    test.db.transaction(async (tx) => {
      await queueBehindSamePatientAndChairBookings(tx, {
        practiceId,
        patientId: randomUUID(),
        ...{ provNum, opNum, startsAt: at(from), endsAt: at(to) },
      });
      await whileHeld();
    });
  const settledWithin = (promise: Promise<unknown>, ms: number) =>
    Promise.race([promise.then(() => true), new Promise((resolve) => setTimeout(() => resolve(false), ms))]);

  it('lets another time of the same provider through, and holds back an overlapping one until commit', async () => {
    let release!: () => void;
    let locked!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const holding = new Promise<void>((resolve) => (locked = resolve));
    const holder = lockOf(1, 1, '09:00', '09:30', async () => {
      locked();
      await held;
    });
    try {
      // The holder's connection may open after the others': only once it holds its locks is there a wait to see.
      await holding;
      // Same provider, other chair, an hour later: nothing to wait for.
      expect(await settledWithin(lockOf(1, 2, '10:00', '10:30'), 2_000)).toBe(true);
      // Other provider, same chair, right after: the quarter hours do not meet.
      expect(await settledWithin(lockOf(2, 1, '09:30', '10:00'), 2_000)).toBe(true);
      // Same provider, overlapping time: waits for the holder.
      const overlapping = lockOf(1, 2, '09:15', '09:45');
      expect(await settledWithin(overlapping, 300)).toBe(false);
      // Other provider, same chair, overlapping time: waits too.
      const sameChair = lockOf(3, 1, '09:20', '09:40');
      expect(await settledWithin(sameChair, 300)).toBe(false);
      release();
      await holder;
      expect(await settledWithin(Promise.all([overlapping, sameChair]), 2_000)).toBe(true);
    } finally {
      release();
      await holder;
    }
  });
});
