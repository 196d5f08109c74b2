import type { Queryable } from '../../db/database.ts';
import { createBuiltinPmsAdapter } from './builtin-pms-adapter.ts';
import type { OpenDentalConnector } from './opendental/opendental-connector.ts';
import { createOpenDentalPmsAdapter, type MirrorCorrection } from './opendental/opendental-pms-adapter.ts';
import { PmsUnavailableError, type PmsAdapter } from './pms-adapter.ts';

/**
 * Picks the adapter for a practice's `pms` setting. Open Dental practices answer "unavailable"
 * until the Open Dental connector is configured on this deployment, so the booking page offers
 * to proceed without a slot instead of showing an empty calendar.
 */
export type PmsAdapterSelector = (pms: { type: string }, db?: Queryable) => PmsAdapter;

const noCorrection: MirrorCorrection = { correct: () => undefined };

/**
 * `db` lets the booking transaction read the schedule and appointments it is about to change.
 * `openDental` is this deployment's connector, present when OPENDENTAL_DEVELOPER_KEY is set;
 * `mirror` corrects a practice's Open Dental mirror that a booking's re-check found behind.
 */
export function createPmsAdapterSelector(
  db: Queryable,
  openDental?: OpenDentalConnector,
  mirror?: MirrorCorrection,
): PmsAdapterSelector {
  const builtin = createBuiltinPmsAdapter(db);
  const unconfigured: PmsAdapter = {
    getAvailability: () =>
      Promise.reject(new PmsUnavailableError('connector_down', 'Open Dental is not configured on this server')),
  };
  return (pms, tx) => {
    // Without a transaction a patient waits for a slot list: the mirror answers (ADR 0071). A booking
    // reads through its transaction and re-checks its time with Open Dental itself.
    if (pms.type === 'opendental' && openDental)
      return createOpenDentalPmsAdapter(tx ?? db, openDental, tx ? { recheck: mirror ?? noCorrection } : {});
    if (pms.type !== 'builtin') return unconfigured;
    return tx ? createBuiltinPmsAdapter(tx) : builtin;
  };
}
