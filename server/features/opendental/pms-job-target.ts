import type { z } from 'zod';
import type { OpenDentalClient } from '../../adapters/pms/opendental/opendental-client.ts';
import type { OpenDentalConnector } from '../../adapters/pms/opendental/opendental-connector.ts';
import type { Queryable } from '../../db/database.ts';
import { PermanentJobError } from '../../jobs/job-queue.ts';
import { findPracticeById, type PracticeRow } from '../practices/practices-service.ts';

export type OpenDentalPractice = PracticeRow & { pms: { type: 'opendental'; customer_key: string } };

/** Why a job skips a booking whose practice has left Open Dental since the job was queued. */
export const NOT_ON_OPEN_DENTAL = 'The practice is no longer configured for Open Dental.';

/**
 * What an Open Dental job (write, change, confirm; ADR 0050) is about: its payload, the booking it
 * names and that booking's practice, null when the practice is no longer on Open Dental. A payload
 * that does not parse, or a booking that is gone, fails for good: no retry would mend either.
 */
export async function loadJobTarget<P extends { appointmentId: string }, A extends { practice_id: string }>(
  db: Queryable,
  job: { what: string; schema: z.ZodType<P>; raw: unknown; find: (db: Queryable, id: string) => Promise<A | null> },
): Promise<{ payload: P; appointment: A; practice: OpenDentalPractice | null }> {
  const parsed = job.schema.safeParse(job.raw);
  if (!parsed.success) throw new PermanentJobError(`Invalid Open Dental ${job.what} payload`);
  const payload = parsed.data;
  const appointment = await job.find(db, payload.appointmentId);
  if (!appointment) throw new PermanentJobError(`Appointment ${payload.appointmentId} no longer exists`);
  const practice = await findPracticeById(db, appointment.practice_id);
  return { payload, appointment, practice: isOnOpenDental(practice) ? practice : null };
}

function isOnOpenDental(practice: PracticeRow | null): practice is OpenDentalPractice {
  return practice?.pms.type === 'opendental';
}

/** The office's client; on a server with no developer key, an attempt that fails like any other and is retried. */
export function officeClient(openDental: OpenDentalConnector | undefined, customerKey: string): OpenDentalClient {
  if (!openDental)
    throw new Error('Open Dental is not configured on this server (OPENDENTAL_DEVELOPER_KEY is not set).');
  return openDental.clientFor(customerKey);
}
