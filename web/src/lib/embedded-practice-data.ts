import { PRACTICE_DATA_ELEMENT_ID, type PracticePageData } from '#domain/practice/practice-page-data.ts';
import { isRecord } from './json-values.ts';

/**
 * The practice data a server-rendered page carries (ADR 0072); null on a page the server did not
 * render, or data not shaped as the server writes it (the page then renders in the browser, as
 * before). Not parsed with the API's schemas here (ADR 0077): they would bring zod into the first
 * step's script; the data is the server's own, for the very markup the browser must hydrate; and
 * every query it seeds refetches on mount, its answer parsed with those schemas.
 */
export function readEmbeddedPracticeData(): PracticePageData | null {
  const text = document.getElementById(PRACTICE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const data: unknown = JSON.parse(text);
    return isPracticePageData(data) ? data : null;
  } catch {
    return null;
  }
}

function isPracticePageData(value: unknown): value is PracticePageData {
  if (!isRecord(value) || !isRecord(value.form)) return false;
  const { form, clinics } = value;
  return (
    typeof form.id === 'string' && typeof form.form_url === 'string' && (clinics === null || Array.isArray(clinics))
  );
}
