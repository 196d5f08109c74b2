import * as z from 'zod/mini';
import { PRACTICE_DATA_ELEMENT_ID, type PracticePageData } from '#domain/practice/practice-page-data.ts';
import { ClinicSchema, FormDetailsSchema } from '#domain/practice/practice-schemas.ts';

const EmbeddedDataSchema = z.object({ form: FormDetailsSchema, clinics: z.nullable(z.array(ClinicSchema)) });

/**
 * The practice data a server-rendered page carries (ADR 0072), parsed with the schemas the API's
 * answers are parsed with; null on a page the server did not render, or data that does not parse
 * (the page then renders in the browser, as before).
 */
export function readEmbeddedPracticeData(): PracticePageData | null {
  const text = document.getElementById(PRACTICE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = EmbeddedDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
