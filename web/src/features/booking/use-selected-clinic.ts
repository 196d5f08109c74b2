import { useEffect } from 'react';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import { clinicsQuery } from '../../lib/practice-form-queries.ts';
import { usePageQuery } from '../../lib/page-queries/use-page-query.ts';
import { useBookingStore } from './state/booking-store.ts';

export interface SelectedClinic {
  clinic: Clinic | null;
  /** True while a clinic_num preselection is still being looked up. */
  isResolving: boolean;
}

/**
 * The chosen clinic of a practice with clinic_set_up: the one stored in the booking, or the one
 * clinic_num preselects by its pms_clinic_num (stored as soon as the clinic list arrives).
 */
export function useSelectedClinic(form: FormDetails, clinicNum: number | null): SelectedClinic {
  const stored = useBookingStore((state) => state.clinicDetails);
  const saveClinic = useBookingStore((state) => state.saveClinic);
  const isPreselecting = form.clinic_set_up && clinicNum !== null && stored?.pms_clinic_num !== clinicNum;
  const clinics = usePageQuery(clinicsQuery(form.id), isPreselecting);
  const preselected = isPreselecting
    ? (clinics.data?.find((clinic) => clinic.pms_clinic_num === clinicNum) ?? null)
    : null;

  useEffect(() => {
    if (preselected) saveClinic(preselected);
  }, [preselected, saveClinic]);

  if (!form.clinic_set_up) return { clinic: null, isResolving: false };
  return { clinic: preselected ?? stored, isResolving: isPreselecting && clinics.isPending };
}
