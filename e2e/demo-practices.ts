import { readFileSync } from 'node:fs';

/** The few fields of `demo/practices.json` the end-to-end tests check the pages against. */
export interface DemoPractice {
  form_url: string;
  name: string;
  description?: string | null;
  logo?: string | null;
  address_line1?: string | null;
  display_address?: string | null;
  city?: string | null;
  state?: string | null;
  zipcode?: string | null;
  phone?: string | null;
  is_accepting_patients?: boolean;
  clinic_set_up?: boolean;
  form_customization?: { brand_color?: string | null };
  other_insurance_message?: string | null;
  out_of_network_insurance_message?: string | null;
  no_insurance_message?: string | null;
  clinics?: DemoClinic[];
}

export interface DemoClinic {
  pms_clinic_num: number;
  display_address?: string | null;
  pms_address1?: string | null;
  pms_city?: string | null;
  pms_state?: string | null;
  pms_zip?: string | null;
  display_phone?: string | null;
}

const file = JSON.parse(readFileSync(new URL('../demo/practices.json', import.meta.url), 'utf8')) as {
  practices: DemoPractice[];
};

export function demoPractice(formUrl: string): DemoPractice {
  const practice = file.practices.find((p) => p.form_url === formUrl);
  if (!practice) throw new Error(`demo/practices.json has no practice "${formUrl}"`);
  return practice;
}
