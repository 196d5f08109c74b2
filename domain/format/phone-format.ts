/** Digits only, e.g. for a tel: link. Keeps a leading + so international numbers still dial. */
export function phoneHref(phone: string): string {
  const trimmed = phone.trim();
  const digits = trimmed.replace(/\D/g, '');
  return `tel:${trimmed.startsWith('+') ? '+' : ''}${digits}`;
}

/**
 * Spec section 9's `(XXX) XXX-XXXX` for a North American number, whether typed (10 digits) or stored
 * in E.164 (`+1` and 10 digits), so the console, e-mails, CSV and page 7 show one format (ADR 0067).
 * Any other number is shown as given.
 */
export function formatPhone(phone: string): string {
  const all = phone.replace(/\D/g, '');
  const digits = all.length === 11 && all.startsWith('1') ? all.slice(1) : all;
  if (digits.length !== 10) return phone;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}
