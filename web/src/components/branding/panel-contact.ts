import { addressLine } from '#domain/format/address-format.ts';
import type { Clinic, FormDetails } from '#domain/practice/practice-schemas.ts';

export interface PanelContact {
  address: string | null;
  phone: string | null;
}

const presentOrNull = (value: string | null) => (value && value.trim() !== '' ? value.trim() : null);

/** A clinic's name as its card shows it: the display name, failing that the abbreviation. */
export function clinicDisplayName(clinic: Clinic): string | null {
  return presentOrNull(clinic.display_name) ?? presentOrNull(clinic.pms_abbr);
}

/**
 * Spec section 2: with clinic_set_up the panel shows the selected clinic's address and phone,
 * otherwise the practice's own. Before a clinic is chosen (the location screen, or a page such as
 * the review page that belongs to no clinic) the practice's own details stand in (ADR 0032).
 */
export function panelContact(form: FormDetails, clinic: Clinic | null): PanelContact {
  if (form.clinic_set_up && clinic) {
    return {
      address: addressLine({
        display_address: clinic.display_address,
        pms_address1: clinic.pms_address1,
        city: clinic.pms_city,
        state: clinic.pms_state,
        zip: clinic.pms_zip,
      }),
      phone: presentOrNull(clinic.display_phone),
    };
  }
  return {
    address: addressLine({
      display_address: form.display_address,
      pms_address1: form.address_line1,
      city: form.city,
      state: form.state,
      zip: form.zipcode,
    }),
    phone: presentOrNull(form.phone),
  };
}
