import * as z from 'zod/mini';
import { PRACTICE_DATA_ELEMENT_ID, type PracticePageData } from '#domain/practice/practice-page-data.ts';
import { ClinicSchema, FormDetailsSchema } from '#domain/practice/practice-schemas.ts';

const EmbeddedDataSchema = z.object({
  form: FormDetailsSchema,
  clinics: z.nullable(z.array(ClinicSchema)),
  // A review page's link, parsed by the review chunk (review-api.ts) with its own schema, which the
  // booking page's entry does not carry.
  review: z.optional(z.object({ token: z.string(), link: z.unknown() })),
  feedback: z.optional(z.unknown()),
});

/** The embedded data, a review page's link or the feedback page's practice still to be parsed. */
export type EmbeddedPracticeData = Omit<PracticePageData, 'review' | 'feedback'> & {
  review?: { token: string; link: unknown };
  feedback?: unknown;
};

/**
 * The practice data a server-rendered page carries (ADR 0072), parsed with the schemas the API's
 * answers are parsed with; null on a page the server did not render, or data that does not parse
 * (the page then renders in the browser, as before).
 */
export function readEmbeddedPracticeData(): EmbeddedPracticeData | null {
  const text = document.getElementById(PRACTICE_DATA_ELEMENT_ID)?.textContent;
  if (!text) return null;
  try {
    const parsed = EmbeddedDataSchema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
