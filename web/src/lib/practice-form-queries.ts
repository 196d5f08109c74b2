import { queryOptions } from '@tanstack/react-query';
import { fetchClinics, fetchFormDetails } from './practice-form-api.ts';

/**
 * Spec section 7: the form details are not cached and are refetched on every mount, so a
 * practice's changes (accepting patients, colours) show on the next visit.
 */
export function formDetailsQuery(formUrl: string, referrerId: string | null) {
  return queryOptions({
    queryKey: ['form-details', formUrl, referrerId ?? ''] as const,
    queryFn: () => fetchFormDetails(formUrl, referrerId),
    gcTime: 0,
    staleTime: 0,
    refetchOnMount: 'always',
  });
}

export function clinicsQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['clinics', practiceId] as const,
    queryFn: () => fetchClinics(practiceId),
  });
}
