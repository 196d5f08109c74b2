/** The address fields the side panel can draw on, from a practice or a clinic. */
export interface AddressParts {
  display_address?: string | null;
  pms_address1?: string | null;
  city?: string | null;
  state?: string | null;
  zip?: string | null;
}

const present = (value: string | null | undefined): value is string => !!value && value.trim() !== '';

/**
 * Spec section 2: display_address first, then pms_address1, then city, state and zip
 * joined by commas. Returns null when nothing is known, so the caller can leave the line out.
 */
export function addressLine(parts: AddressParts): string | null {
  if (present(parts.display_address)) return parts.display_address.trim();
  if (present(parts.pms_address1)) return parts.pms_address1.trim();
  const rest = [parts.city, parts.state, parts.zip].filter(present).map((p) => p.trim());
  return rest.length > 0 ? rest.join(', ') : null;
}

/** Cuts text to `max` characters with an ellipsis; the caller shows the full text in a tooltip. */
export function truncate(text: string, max: number): { text: string; isTruncated: boolean } {
  if (text.length <= max) return { text, isTruncated: false };
  return { text: `${text.slice(0, max).trimEnd()}…`, isTruncated: true };
}
