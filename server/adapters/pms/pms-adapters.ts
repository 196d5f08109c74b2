import type { Queryable } from '../../db/database.ts';
import { createBuiltinPmsAdapter } from './builtin-pms-adapter.ts';
import { PmsUnavailableError, type PmsAdapter } from './pms-adapter.ts';

/**
 * Picks the adapter for a practice's `pms` setting. Open Dental practices answer "unavailable"
 * until the Open Dental connector is configured on this deployment, so the booking page offers
 * to proceed without a slot instead of showing an empty calendar.
 */
export function createPmsAdapterSelector(db: Queryable): (pms: { type: string }) => PmsAdapter {
  const builtin = createBuiltinPmsAdapter(db);
  const unconfigured: PmsAdapter = {
    getAvailability: () => Promise.reject(new PmsUnavailableError('connector_down', 'Open Dental is not configured on this server')),
  };
  return (pms) => (pms.type === 'builtin' ? builtin : unconfigured);
}
