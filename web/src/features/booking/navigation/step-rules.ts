/** Page numbers of spec section 2. */
export const PAGE = {
  patientType: 1,
  reason: 2,
  provider: 3,
  slot: 4,
  contact: 5,
  verify: 6,
  confirmation: 7,
} as const;

/**
 * The 'Step N' label (spec section 2): the page number when the reason shows providers,
 * otherwise one less from page 3 on, since the provider page is skipped. Null from page 7 on.
 */
export function stepNumber(page: number, showsProviders: boolean): number | null {
  if (page >= PAGE.confirmation) return null;
  if (showsProviders) return page;
  return page > PAGE.reason ? page - 1 : page;
}

export interface BackRuleInput {
  page: number;
  clinicSetUp: boolean;
  /** clinic_num from the query string; null when absent. */
  clinicNum: number | null;
  rfv: string | null;
  isReadOnly?: boolean;
}

/**
 * Spec section 2: Back is hidden on page 1, except for a multi-clinic practice reached without
 * clinic_num (Back returns to the location choice); hidden on page 4 when the flow started from
 * rfv; hidden in read-only mode and from page 7 on.
 */
export function isBackVisible({ page, clinicSetUp, clinicNum, rfv, isReadOnly = false }: BackRuleInput): boolean {
  if (isReadOnly || page >= PAGE.confirmation) return false;
  if (page === PAGE.slot && rfv) return false;
  if (page === PAGE.patientType) return clinicSetUp && clinicNum === null;
  return true;
}

export function isNextVisible({ page, isReadOnly = false }: { page: number; isReadOnly?: boolean }): boolean {
  return !isReadOnly && page < PAGE.confirmation;
}

/** Back from the slot page skips the provider page when the reason does not show providers. */
export function previousPage(page: number, showsProviders: boolean): number {
  if (page === PAGE.slot && !showsProviders) return PAGE.reason;
  return Math.max(PAGE.patientType, page - 1);
}

/** Next moves forward up to page 5; the provider page is skipped when the reason does not show providers. */
export function nextPage(page: number, showsProviders: boolean): number {
  if (page === PAGE.reason && !showsProviders) return PAGE.slot;
  return Math.min(PAGE.contact, page + 1);
}
