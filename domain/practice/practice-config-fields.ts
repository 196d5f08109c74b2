import { z } from 'zod';
import { parseLocalDate } from '../time/local-date.ts';
import { TRANSLATION_LANGUAGES, type Translations } from './practice-translations.ts';
import { FormUrlSchema } from './practice-query-schemas.ts';
import { isReservedPath } from './reserved-paths.ts';
import { MEDIA_PATH_PATTERN } from './practice-images.ts';
import { DEFAULT_QUIET_HOURS, DEFAULT_REMINDER_RULES, REMINDER_CHANNELS } from '../reminders/reminder-schedule.ts';

/**
 * Field builders of the practice configuration file. Each carries the message an operator reads
 * next to the JSON path, so a bad file explains itself without a look at the code.
 */

export const requiredText = () => z.string().trim().min(1, 'must not be empty');

/** Optional text: null by default, and a blank string counts as null so fallbacks still apply. */
export const optionalText = () =>
  z
    .string({ error: 'must be a string or null' })
    .trim()
    .transform((value) => (value === '' ? null : value))
    .nullable()
    .default(null);

/** The booking page's path segment: well-formed, and not a word the product's own pages use. */
export const formUrl = () =>
  FormUrlSchema.refine((value) => !isReservedPath(value), {
    error: (issue) => `${JSON.stringify(issue.input)} is reserved for the product's own pages; choose another form_url`,
    // A malformed name already has its problem; one message each.
    when: (payload) => payload.issues.length === 0,
  });

export const flag = (fallback: boolean) => z.boolean().default(fallback);

export const pmsNum = () => z.number({ error: 'must be a positive whole number' }).int().positive();

export const wholeNumberAtLeastZero = (unit: string, fallback: number) =>
  z
    .number({ error: `must be a whole number of ${unit}, 0 or more` })
    .int()
    .min(0)
    .default(fallback);

/** Hours before a visit, as a manage policy counts them: 0 to 720 (30 days). */
export const policyHours = (fallback: number) =>
  z
    .number({ error: 'must be a whole number of hours from 0 to 720' })
    .int('must be a whole number of hours from 0 to 720')
    .min(0, 'must be a whole number of hours from 0 to 720')
    .max(720, 'must be a whole number of hours from 0 to 720')
    .default(fallback);

const HORIZON_MESSAGE = 'must be a whole number of months from 1 to 11';

/** Months after the current one that patients may book: 1 to 11, the spec's most (ADR 0079). */
export const horizonMonths = (fallback: number) =>
  z
    .number({ error: HORIZON_MESSAGE })
    .int(HORIZON_MESSAGE)
    .min(1, HORIZON_MESSAGE)
    .max(11, HORIZON_MESSAGE)
    .default(fallback);

const STALE_AFTER_MESSAGE = 'must be a whole number of minutes from 1 to 1440 (one day)';

/** Minutes an Open Dental mirror may lag before slot lists say so: 1 to 1440, as the column allows. */
export const staleAfterMinutes = (fallback: number) =>
  z
    .number({ error: STALE_AFTER_MESSAGE })
    .int(STALE_AFTER_MESSAGE)
    .min(1, STALE_AFTER_MESSAGE)
    .max(24 * 60, STALE_AFTER_MESSAGE)
    .default(fallback);

export const positiveMinutes = (fallback: number) =>
  z
    .number({ error: 'must be a positive whole number of minutes' })
    .int()
    .positive()
    .max(24 * 60, 'must be at most 1440 minutes (one day)')
    .default(fallback);

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}

export const optionalHttpUrl = () =>
  z
    .string({ error: 'must be an http(s) URL or null' })
    .trim()
    .refine(isHttpUrl, 'must be an http(s) URL or null')
    .nullable()
    .default(null);

/** A picture's address: http(s), or an image the practice uploaded, on our own origin (ADR 0084). */
export const optionalImageUrl = () =>
  z
    .string({ error: 'must be an http(s) URL, an uploaded image (/media/…) or null' })
    .trim()
    .refine(
      (value) => isHttpUrl(value) || MEDIA_PATH_PATTERN.test(value),
      'must be an http(s) URL, an uploaded image (/media/…) or null',
    )
    .nullable()
    .default(null);

export const optionalEmail = () =>
  z
    .string({ error: 'must be an e-mail address or null' })
    .trim()
    .toLowerCase()
    .regex(z.regexes.email, 'must be an e-mail address or null')
    .nullable()
    .default(null);

export const colour = (fallback: string) =>
  z
    .string({ error: 'must be a colour like #0f766e' })
    .regex(/^#(?:[0-9a-fA-F]{3}){1,2}$/, 'must be a colour like #0f766e')
    .default(fallback);

/** The spec sends times as "HH:mm"; "24:00" lets a schedule or break run to midnight. */
export const timeOfDay = () =>
  z
    .string({ error: 'must be a time of day as HH:mm' })
    .regex(/^(?:(?:[01]\d|2[0-3]):[0-5]\d|24:00)$/, 'must be a time of day as HH:mm');

function isLocalDate(value: string): boolean {
  try {
    parseLocalDate(value);
    return true;
  } catch {
    return false;
  }
}

export const localDate = () =>
  z.string({ error: 'must be a real date as YYYY-MM-DD' }).refine(isLocalDate, 'must be a real date as YYYY-MM-DD');

/** Hours stop at 23 here: PostgreSQL would turn "T24:00" into the next day and the file would no longer match. */
export const localDateTime = () =>
  z
    .string({ error: 'must be a date and time as YYYY-MM-DDTHH:mm' })
    .refine(
      (value) => /^\d{4}-\d{2}-\d{2}T(?:[01]\d|2[0-3]):[0-5]\d$/.test(value) && isLocalDate(value.slice(0, 10)),
      'must be a date and time as YYYY-MM-DDTHH:mm',
    );

/** `Intl` knows the IANA database; the first-letter test refuses offsets such as "+05:00", which are no zone. */
export function isIanaTimeZone(value: string): boolean {
  if (!/^[A-Za-z]/.test(value)) return false;
  try {
    new Intl.DateTimeFormat(undefined, { timeZone: value });
    return true;
  } catch {
    return false;
  }
}

export const ianaTimeZone = () =>
  z.string().refine(isIanaTimeZone, 'must be an IANA time zone such as America/Chicago');

/** Dollars with at most two decimals, so the stored cents are exact. */
export const dollars = () =>
  z
    .number({ error: 'must be an amount in dollars' })
    .min(0, 'must be 0 or more')
    .max(1_000_000, 'must be at most 1000000')
    .refine((value) => Math.abs(value * 100 - Math.round(value * 100)) < 1e-6, 'must have at most 2 decimal places')
    .default(0);

const SMS_SENDER_MESSAGE =
  'must be an E.164 number such as +12125550100 (a "+", the country code and 7 to 14 more digits, no spaces) ' +
  'or a Twilio Messaging Service SID (MG…), or null';

/**
 * Who sends a practice's texts (ADR 0033): its own number or Messaging Service; blank or null:
 * the deployment's TWILIO_FROM. The pattern is the practices table's check on sms_from.
 */
export const optionalSmsSender = () =>
  z
    .string({ error: SMS_SENDER_MESSAGE })
    .trim()
    .transform((value) => (value === '' ? null : value))
    .refine((value) => value === null || /^(\+[1-9]\d{7,14}|MG[0-9a-fA-F]{32})$/.test(value), {
      error: (issue) =>
        /^MG/i.test(String(issue.input))
          ? 'must be a Messaging Service SID: MG followed by 32 hex digits'
          : SMS_SENDER_MESSAGE,
    })
    .nullable()
    .default(null);

const TRANSLATED_TEXT_MESSAGE = 'must be a non-empty string; leave the field out to show the English';

/**
 * An owner's `translations` block: per language (not English, which is the field itself), a
 * partial object of the owner's translatable fields. Unknown languages and fields are reported
 * like any unknown key; absent stays absent, so a file without translations reads as before.
 */
export function translationsOf<Field extends string>(
  fields: readonly Field[],
): z.ZodOptional<z.ZodType<Translations<Field>>> {
  const text = z.string({ error: TRANSLATED_TEXT_MESSAGE }).trim().min(1, TRANSLATED_TEXT_MESSAGE).optional();
  const texts = z.strictObject(Object.fromEntries(fields.map((field) => [field, text])));
  const languages = z.strictObject(
    Object.fromEntries(TRANSLATION_LANGUAGES.map((language) => [language, texts.optional()])),
  );
  return (languages as unknown as z.ZodType<Translations<Field>>).optional();
}

const REMINDER_HOURS_MESSAGE = 'must be a whole number of hours from 1 to 720';

/** `reminder_rules` (ADR 0037): when reminders go before a visit, and by which channels. */
export const reminderRules = () =>
  z
    .array(
      z.strictObject({
        before_hours: z
          .number({ error: REMINDER_HOURS_MESSAGE })
          .int(REMINDER_HOURS_MESSAGE)
          .min(1, REMINDER_HOURS_MESSAGE)
          .max(720, REMINDER_HOURS_MESSAGE),
        channels: z
          .array(z.enum(REMINDER_CHANNELS, { error: 'must be "email" or "text"' }))
          .min(1, 'must name at least one channel: "email", "text"'),
      }),
      { error: 'must be a list of { "before_hours": 48, "channels": ["email"] }' },
    )
    .max(6, 'must have at most 6 rules')
    .default(() => DEFAULT_REMINDER_RULES.map((rule) => ({ ...rule, channels: [...rule.channels] })));

/** `quiet_hours`: no text goes between start and end, practice-local times (across midnight is fine). */
export const quietHours = () =>
  z
    .strictObject({ start: timeOfDay(), end: timeOfDay() }, { error: 'must be { "start": "20:00", "end": "08:00" }' })
    .default({ ...DEFAULT_QUIET_HOURS });
