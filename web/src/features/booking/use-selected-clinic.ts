import { useQuery } from '@tanstack/react-query';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';
import { clinicsQuery } from '../practice-form/practice-form-queries.ts';

/** The clinic preselected by the clinic_num query parameter, for practices with clinic_set_up; null otherwise. */
export function useSelectedClinic(form: FormDetails, clinicNum: number | null): Clinic | null {
  const isWanted = form.clinic_set_up && clinicNum !== null;
  const clinics = useQuery({ ...clinicsQuery(form.id), enabled: isWanted });
  if (!isWanted) return null;
  return clinics.data?.find((clinic) => clinic.pms_clinic_num === clinicNum) ?? null;
}
