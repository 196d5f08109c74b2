import { queryOptions } from '@tanstack/react-query';
import { FunnelSchema } from '#domain/insights/funnel-schemas.ts';
import type { FunnelStep } from '#domain/insights/funnel-words.ts';
import { apiResult } from '../../../lib/api-client.ts';

/** `GET /api/v1/staff/insights/funnel?from&to[&source]` (ADR 0080): the funnel and bookings of those days. */
export function funnelQuery(practiceId: string, range: { from: string; to: string; source?: string }) {
  const query: Record<string, string> = { from: range.from, to: range.to };
  if (range.source) query.source = range.source;
  return queryOptions({
    queryKey: ['insights-funnel', practiceId, range.from, range.to, range.source ?? ''] as const,
    queryFn: async ({ signal }) => apiResult({ path: '/staff/insights/funnel', query, result: FunnelSchema, signal }),
  });
}

/** The console's words for the booking's screens. */
export const STEP_LABELS: Record<FunnelStep, string> = {
  location: 'Location',
  'patient-type': 'New or returning',
  reason: 'Reason for visit',
  provider: 'Provider',
  slot: 'Date and time',
  contact: 'Contact details',
  verify: 'Verification code',
  booked: 'Booked',
};

export const WEEKDAYS = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'];

export function percent(part: number, whole: number): string {
  return whole === 0 ? '—' : `${Math.round((part / whole) * 100)} %`;
}

export function durationText(seconds: number | null): string {
  if (seconds === null) return '—';
  const minutes = Math.floor(seconds / 60);
  const rest = Math.round(seconds % 60);
  return minutes === 0 ? `${rest} s` : `${minutes} min ${rest} s`;
}
