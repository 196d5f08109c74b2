import type { ComponentType } from 'react';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import { AuditPage } from './audit-page.tsx';
import { FeedbackPage } from './feedback-page.tsx';
import { RequestsPage } from './requests-page.tsx';
import { ReviewsPage } from './reviews-page.tsx';
import { SchedulePage } from './schedule-page.tsx';
import { SecurityPage } from './security-page.tsx';
import { StaffPage } from './staff-page.tsx';

export interface ConsolePage {
  /** Below `/console`; '' is the schedule, also shown for any path the console does not know. */
  path: string;
  label: string;
  /** Who sees the link and may open the page (the server checks the same permission on its routes). */
  permission: StaffPermission;
  Page: ComponentType;
}

/** The console's pages in the order of a front desk's day: the nav's links and the shell's routes both come from here. */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  { path: '', label: 'Schedule', permission: 'schedule', Page: SchedulePage },
  { path: 'requests', label: 'Requests', permission: 'bookings', Page: RequestsPage },
  { path: 'feedback', label: 'Feedback', permission: 'feedback', Page: FeedbackPage },
  { path: 'reviews', label: 'Reviews', permission: 'feedback', Page: ReviewsPage },
  { path: 'staff', label: 'Staff', permission: 'staff', Page: StaffPage },
  { path: 'security', label: 'Security', permission: 'security', Page: SecurityPage },
  { path: 'audit', label: 'Audit trail', permission: 'audit', Page: AuditPage },
];
