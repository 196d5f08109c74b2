import { z } from 'zod';

/**
 * Payloads of staff endpoints whose schemas are not in domain/staff yet (other helpers are building
 * them, issue 22). Written from the brief's contract; once the server's schemas land in domain,
 * import those instead and delete these. Kept loose where the contract says nothing.
 */

/** `GET /api/v1/staff/password-links/{token}`: whose link it is, and why it was sent. */
export const PasswordLinkSchema = z.object({ email: z.string(), purpose: z.string() });
export type PasswordLink = z.infer<typeof PasswordLinkSchema>;

/** Answers whose content the console does not read (it shows the envelope's message, if any). */
export const AnyResultSchema = z.unknown();

/** `POST /api/v1/staff/totp/setup`. */
export const TotpSetupSchema = z.object({ secret: z.string(), otpauth_uri: z.string() });
export type TotpSetup = z.infer<typeof TotpSetupSchema>;

/** `POST /api/v1/staff/totp/enable`: the recovery codes, shown once. */
export const TotpEnabledSchema = z.object({ recovery_codes: z.array(z.string()) });

/** `GET /api/v1/staff/slots?date&reason_id[&pms_prov_num]`: free times for a staff reschedule (see slots-api.ts). */
export const StaffSlotSchema = z.object({
  apt_date: z.string(),
  start_time: z.string(),
  end_time: z.string(),
  pms_prov_num: z.number(),
  pms_op_num: z.number(),
});
export type StaffSlot = z.infer<typeof StaffSlotSchema>;
export const StaffSlotsSchema = z.object({ slots: z.array(StaffSlotSchema) });
