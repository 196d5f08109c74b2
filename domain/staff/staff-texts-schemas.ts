import { z } from 'zod';

/**
 * Texts patients sent that are not keywords (ADR 0066), as the console shows them:
 *   GET /api/v1/staff/appointments/{id} → `replies`, the texts that belong to that booking;
 *   GET /api/v1/staff/texts → StaffTexts, the practice's latest 50, each with its booking if one was found.
 */
export const StaffReplySchema = z.object({
  id: z.string(),
  received_at: z.iso.datetime(),
  body: z.string(),
});
export type StaffReply = z.infer<typeof StaffReplySchema>;

export const StaffTextSchema = StaffReplySchema.extend({
  /** The patient's number, E.164. */
  from: z.string(),
  booking: z
    .object({ id: z.string(), reference: z.string(), first_name: z.string(), last_name: z.string() })
    .nullable(),
});
export type StaffText = z.infer<typeof StaffTextSchema>;

export const StaffTextsSchema = z.array(StaffTextSchema);
