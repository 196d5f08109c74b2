import type { PatientStatus } from '#domain/booking/booking-schemas.ts';
import type { Provider, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import type { ProviderDetails } from './booking-state.ts';

// The spec's stored value (section 3); pages show the provider step's 'earliestAvailable' message.
// not patient-facing as such
export const EARLIEST_AVAILABLE_LABEL = 'Select Earliest Available Provider';
export const FIRST_AVAILABLE_LABEL = 'First Available';

/** Spec section 3: the pseudo-provider with pms_prov_num 0, no id and no picture. */
export const EARLIEST_AVAILABLE_PROVIDER: ProviderDetails = {
  provider_id: '',
  pms_prov_num: 0,
  profile_pic: '',
  provider_display_name: EARLIEST_AVAILABLE_LABEL,
  provider_first_name: null,
  provider_last_name: null,
  providerName: EARLIEST_AVAILABLE_LABEL,
};

/** The display name, otherwise first and last name joined (spec section 3). */
export function providerName(provider: Provider): string {
  const display = provider.provider_display_name?.trim();
  if (display) return display;
  return [provider.provider_first_name, provider.provider_last_name].filter((part) => part && part.trim()).join(' ');
}

export function toProviderDetails(provider: Provider): ProviderDetails {
  return { ...provider, providerName: providerName(provider) };
}

export function isEarliestAvailable(provider: Pick<ProviderDetails, 'pms_prov_num'> | null | undefined): boolean {
  return provider?.pms_prov_num === 0;
}

/** The summary's and confirmation's provider text: 'First Available' for the earliest-available choice. */
export function providerSummaryName(provider: ProviderDetails | null): string {
  if (!provider || isEarliestAvailable(provider) || provider.providerName === EARLIEST_AVAILABLE_LABEL)
    return FIRST_AVAILABLE_LABEL;
  return provider.providerName;
}

/**
 * The provider's name for the summary and the confirmation, or null for the earliest-available
 * choice, which they show as 'First Available' in the patient's language (ADR 0034).
 */
export function chosenProviderName(provider: ProviderDetails | null): string | null {
  if (!provider || isEarliestAvailable(provider) || provider.providerName === EARLIEST_AVAILABLE_LABEL) return null;
  return provider.providerName;
}

/** Spec section 4: active reasons offered to the chosen status. */
export function reasonsForStatus(reasons: readonly ReasonForVisit[], status: PatientStatus | null): ReasonForVisit[] {
  if (!status) return [];
  return reasons.filter(
    (reason) =>
      reason.is_active && (status === 'New Patient' ? reason.for_new_patients : reason.for_returning_patients),
  );
}

/** Page 3's cards: the reason's providers, plus the earliest-available option when there is more than one. */
export function providerOptions(reason: ReasonForVisit): ProviderDetails[] {
  const providers = reason.providers.map(toProviderDetails);
  return providers.length > 1 ? [...providers, EARLIEST_AVAILABLE_PROVIDER] : providers;
}

/** Spec section 9: the default appointment length when a reason has none. */
export const DEFAULT_DURATION_MINUTES = 60;

export function reasonDuration(reason: Pick<ReasonForVisit, 'final_duration'> | null | undefined): number {
  return reason?.final_duration && reason.final_duration > 0 ? reason.final_duration : DEFAULT_DURATION_MINUTES;
}
