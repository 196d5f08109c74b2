import type { FastifyInstance } from 'fastify';
import type { Clock } from '../../clock.ts';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/database.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import { registerStaffInboxRoutes } from './staff-inbox-routes.ts';
import { registerOpenDentalStatusRoutes } from '../opendental/opendental-status-routes.ts';
import { registerOpenDentalRefreshRoutes } from '../opendental/opendental-refresh-routes.ts';
import type { OpenDentalMirror } from '../../adapters/pms/opendental/opendental-mirror-sync.ts';
import { registerFunnelRoutes } from '../insights/funnel-routes.ts';
import type { AvailabilityService } from '../availability/availability-service.ts';
import type { BookingsService } from '../bookings/bookings-service.ts';
import { registerStaffBookingRoutes } from './schedule/staff-booking-routes.ts';
import { registerStaffAccountRoutes } from './staff-account-routes.ts';
import { registerStaffGuard } from './staff-session-guard.ts';
import { registerStaffSessionRoutes } from './sign-in/staff-session-routes.ts';
import { registerStaffScheduleRoutes } from './schedule/staff-schedule-routes.ts';
import { registerSettingsRoutes } from '../settings/settings-routes.ts';
import { registerPracticeImageUploadRoutes } from '../settings/practice-images-routes.ts';
import type { PmsAdapterSelector } from '../../adapters/pms/pms-adapter-factory.ts';
import type { BookingLifecycle } from '../bookings/booking-lifecycle-service.ts';

// A front desk of several consoles behind one IP, each polling every few seconds, stays far below it;
// sign-in is slowed by its own throttle long before (sign-in-throttle.ts).
const STAFF_LIMIT = { max: 600, timeWindow: 60_000 };

export interface StaffRoutesDeps {
  db: Database;
  clock: Clock;
  config: Pick<Config, 'publicUrl' | 'rateLimitMultiplier' | 'offers'>;
  practices: PracticesService;
  pmsFor: PmsAdapterSelector;
  lifecycle: BookingLifecycle;
  availability: AvailabilityService;
  bookings: BookingsService;
  openDentalMirror: OpenDentalMirror | undefined;
}

/**
 * `/api/v1/staff/*`, the staff console's API (ADR 0038). One guard for all of it
 * (staff-session-guard.ts); answers are private to the browser and never stored by a shared
 * cache. Each feature adds its routes here, declaring its permission in the route config.
 */
export async function registerStaffRoutes(api: FastifyInstance, deps: StaffRoutesDeps): Promise<void> {
  const publicUrl = new URL(deps.config.publicUrl);
  const cookies = { secure: publicUrl.protocol === 'https:' };
  const rateLimit = {
    max: Math.max(1, Math.round(STAFF_LIMIT.max * deps.config.rateLimitMultiplier)),
    timeWindow: STAFF_LIMIT.timeWindow,
  };
  await api.register(
    async (staff) => {
      // Every staff route is limited per IP and route (sign-in also has its own throttle per e-mail).
      staff.addHook(
        'onRequest',
        staff.rateLimit({
          ...rateLimit,
          keyGenerator: (request) => `staff:${request.method} ${request.routeOptions.url ?? ''}:${request.ip}`,
        }),
      );
      staff.addHook('onSend', async (_request, reply) => {
        void reply.header('cache-control', 'no-store').header('x-robots-tag', 'noindex');
      });
      registerStaffGuard(staff, { db: deps.db, clock: deps.clock, publicOrigin: publicUrl.origin });
      registerStaffSessionRoutes(staff, { db: deps.db, clock: deps.clock, cookies });
      registerStaffInboxRoutes(staff, deps);
      registerStaffScheduleRoutes(staff, {
        db: deps.db,
        clock: deps.clock,
        practices: deps.practices,
        pmsFor: deps.pmsFor,
        lifecycle: deps.lifecycle,
        publicUrl: deps.config.publicUrl,
      });
      registerStaffBookingRoutes(staff, deps);
      registerOpenDentalStatusRoutes(staff, deps);
      registerOpenDentalRefreshRoutes(staff, deps);
      registerSettingsRoutes(staff, { ...deps, offers: deps.config.offers });
      registerPracticeImageUploadRoutes(staff, deps);
      registerFunnelRoutes(staff, deps);
      registerStaffAccountRoutes(staff, {
        db: deps.db,
        clock: deps.clock,
        publicUrl: deps.config.publicUrl,
        rateLimitMultiplier: deps.config.rateLimitMultiplier,
      });
    },
    { prefix: '/staff' },
  );
}
