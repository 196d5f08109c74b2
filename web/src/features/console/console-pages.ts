import type { ComponentType } from 'react';
import type { StaffPermission } from '#domain/staff/staff-roles.ts';
import { lazyPage } from './lazy-page.ts';

export interface ConsolePage {
  /** Below `/console`; '' is the schedule, also shown for any path the console does not know. */
  path: string;
  label: string;
  /** Who sees the link and may open the page (the server checks the same permission on its routes). */
  permission: StaffPermission;
  /** Loaded when first opened: each page is a chunk of its own (ADR 0045). */
  Page: ComponentType;
}

/**
 * The console's pages in the order of a front desk's day: the nav's links and the shell's routes both come from
 * here.
 */
export const CONSOLE_PAGES: readonly ConsolePage[] = [
  {
    path: '',
    label: 'Schedule',
    permission: 'schedule',
    Page: lazyPage(() => import('./schedule/schedule-page.tsx'), 'SchedulePage'),
  },
  {
    path: 'requests',
    label: 'Requests',
    permission: 'bookings',
    Page: lazyPage(() => import('./requests/requests-page.tsx'), 'RequestsPage'),
  },
  {
    path: 'texts',
    label: 'Texts',
    permission: 'bookings',
    Page: lazyPage(() => import('./texts/texts-page.tsx'), 'TextsPage'),
  },
  {
    path: 'feedback',
    label: 'Feedback',
    permission: 'feedback',
    Page: lazyPage(() => import('./feedback/feedback-page.tsx'), 'FeedbackPage'),
  },
  {
    path: 'reviews',
    label: 'Reviews',
    permission: 'feedback',
    Page: lazyPage(() => import('./reviews/reviews-page.tsx'), 'ReviewsPage'),
  },
  {
    path: 'insights',
    label: 'Insights',
    permission: 'insights',
    Page: lazyPage(() => import('./insights/insights-page.tsx'), 'InsightsPage'),
  },
  {
    // Everyone with the schedule: a front desk edits closures and time off here, owners everything (ADR 0083).
    path: 'settings',
    label: 'Settings',
    permission: 'schedule',
    Page: lazyPage(() => import('./settings/settings-page.tsx'), 'SettingsPage'),
  },
  {
    path: 'staff',
    label: 'Staff',
    permission: 'staff',
    Page: lazyPage(() => import('./staff/staff-page.tsx'), 'StaffPage'),
  },
  {
    path: 'security',
    label: 'Security',
    permission: 'security',
    Page: lazyPage(() => import('./security/security-page.tsx'), 'SecurityPage'),
  },
  {
    path: 'audit',
    label: 'Audit trail',
    permission: 'audit',
    Page: lazyPage(() => import('./audit/audit-page.tsx'), 'AuditPage'),
  },
];
