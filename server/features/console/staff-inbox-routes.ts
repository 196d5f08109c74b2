import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { registerAppointmentsExportRoutes } from './search/appointments-export-routes.ts';
import { registerFeedbackInboxRoutes } from './feedback/feedback-inbox-routes.ts';
import { registerStaffReviewRequestRoutes } from './reviews/staff-review-requests-routes.ts';
import { registerStaffSearchRoutes } from './search/staff-search-routes.ts';
import { registerPatientTextsRoutes } from './texts/patient-texts-routes.ts';

export interface StaffInboxDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl'> & Partial<Pick<Config, 'offers'>>;
  practices: PracticesService;
}

/**
 * The console's feedback inbox, review requests, search, export and patients' texts (ADR 0038, 0066); the contract is
 * domain/staff/staff-inbox-schemas.ts. Registered inside the `/api/v1/staff` plugin, behind its guard.
 */
export function registerStaffInboxRoutes(staff: FastifyInstance, deps: StaffInboxDeps): void {
  registerFeedbackInboxRoutes(staff, deps);
  registerStaffReviewRequestRoutes(staff, deps);
  registerStaffSearchRoutes(staff, deps);
  registerAppointmentsExportRoutes(staff, deps);
  registerPatientTextsRoutes(staff, deps);
}
