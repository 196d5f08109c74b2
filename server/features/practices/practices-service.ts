import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import type { Language } from '#domain/i18n/languages.ts';
import type { Clinic, FormDetails, ReasonForVisit } from '#domain/practice/practice-schemas.ts';
import { CLINIC_TEXT_FIELDS, localiseTexts, reasonNameIn } from '#domain/practice/practice-translations.ts';
import {
  findActiveClinic,
  findActiveReason,
  findPracticeByFormUrl,
  findPracticeById,
  listActiveClinics,
  listActiveProviders,
  listActiveReasons,
  type ClinicRow,
  type PracticeRow,
  type ReasonRow,
} from './practices-repository.ts';
import { translator } from '../../i18n/translate.ts';

// What other features read of a practice (ADR 0073): they import it from here, not from the repository.
export type { PracticeRow, ReasonRow } from './practices-repository.ts';
export { findFormUrlOfAppointment, findPracticeById, findProviderName } from './practices-repository.ts';
import { practiceTextsIn } from './practice-texts.ts';
import * as messages from './practices.messages.ts';

const t = translator(messages);

/**
 * `language`: the texts the practice gives in that language, the English where it gives none
 * (ADR 0034); English when left out. Rows (`requireX`) keep every language for their callers.
 */
export interface PracticesService {
  getFormDetails(formUrl: string, language?: Language): Promise<FormDetails>;
  requirePractice(practiceId: string): Promise<PracticeRow>;
  requireActiveReason(practiceId: string, reasonId: string): Promise<ReasonRow>;
  /** Both of the above, looked up side by side; a missing practice is reported first. */
  requirePracticeAndReason(practiceId: string, reasonId: string): Promise<{ practice: PracticeRow; reason: ReasonRow }>;
  requireActiveClinic(practiceId: string, clinicNum: number): Promise<Clinic>;
  listClinics(practiceId: string, language?: Language): Promise<Clinic[]>;
  listReasons(practiceId: string, clinicNum?: number, language?: Language): Promise<ReasonForVisit[]>;
}

/** `texts`: this server sends text messages (config `offers.texts`, ADR 0029). */
export function toFormDetails(
  practice: PracticeRow,
  publishableKey: string | null,
  texts = true,
  language: Language = 'en',
): FormDetails {
  const {
    slot_interval_minutes: _interval,
    google_review_url: _review,
    notification_email: _mail,
    review_request_delay_hours: _reviewDelay,
    sms_from: _smsFrom,
    pms: _pms,
    clinic_time_zones: _clinicZones,
    translations: _translations,
    reschedule_cutoff_hours: _rescheduleCutoff,
    cancel_cutoff_hours: _cancelCutoff,
    max_reschedules: _maxReschedules,
    refund_deposit_if_cancelled_hours_before: _refundHours,
    reminder_rules: _reminderRules,
    quiet_hours: _quietHours,
    reminders_show_reason: _showReason,
    ...wire
  } = practiceTextsIn(practice, language);
  return { ...wire, publishable_key: publishableKey, verification_channels: texts ? ['email', 'text'] : ['email'] };
}

function toClinic(row: ClinicRow, language: Language): Clinic {
  const { translations, ...clinic } = row;
  return localiseTexts(clinic, CLINIC_TEXT_FIELDS, translations, language);
}

/** `texts` defaults to true: the local outbox stands in for Twilio (ADR 0029). */
export function createPracticesService(
  db: Database,
  options: { publishableKey: string | null; texts?: boolean },
): PracticesService {
  const practiceNotFound = () => AppError.notFound(t.localized('practiceNotFound'));
  const reasonNotFound = () => AppError.notFound(t.localized('reasonNotFound'));

  async function requirePractice(practiceId: string): Promise<PracticeRow> {
    const practice = await findPracticeById(db, practiceId);
    if (!practice) throw practiceNotFound();
    return practice;
  }

  return {
    async getFormDetails(formUrl, language = 'en') {
      const practice = await findPracticeByFormUrl(db, formUrl);
      if (!practice) throw AppError.notFound(t.localized('formNotFound', { formUrl }));
      return toFormDetails(practice, options.publishableKey, options.texts ?? true, language);
    },

    requirePractice,

    async requireActiveReason(practiceId, reasonId) {
      const reason = await findActiveReason(db, practiceId, reasonId);
      if (!reason) throw reasonNotFound();
      return reason;
    },

    async requirePracticeAndReason(practiceId, reasonId) {
      // Every uncached slot list starts here: on PostgreSQL the two queries share one wait.
      const [practice, reason] = await Promise.all([
        findPracticeById(db, practiceId),
        findActiveReason(db, practiceId, reasonId),
      ]);
      if (!practice) throw practiceNotFound();
      if (!reason) throw reasonNotFound();
      return { practice, reason };
    },

    async requireActiveClinic(practiceId, clinicNum) {
      const clinic = await findActiveClinic(db, practiceId, clinicNum);
      if (!clinic) throw AppError.notFound(t.localized('clinicNotFound', { clinicNum }));
      return toClinic(clinic, 'en');
    },

    async listClinics(practiceId, language = 'en') {
      await requirePractice(practiceId);
      return (await listActiveClinics(db, practiceId)).map((clinic) => toClinic(clinic, language));
    },

    async listReasons(practiceId, clinicNum, language = 'en') {
      const practice = await requirePractice(practiceId);
      const [reasons, providers] = await Promise.all([
        listActiveReasons(db, practice.id),
        listActiveProviders(db, practice.id),
      ]);
      return reasons
        .filter(
          (reason) =>
            clinicNum === undefined || reason.clinic_nums.length === 0 || reason.clinic_nums.includes(clinicNum),
        )
        .map((reason) => ({
          id: reason.id,
          name: reasonNameIn(reason, language),
          final_duration: reason.final_duration,
          amount: reason.amount_cents / 100,
          for_new_patients: reason.for_new_patients,
          for_returning_patients: reason.for_returning_patients,
          is_active: reason.is_active,
          is_payment_enabled: reason.is_payment_enabled,
          to_show_providers: reason.to_show_providers,
          providers:
            reason.provider_nums.length === 0
              ? providers
              : providers.filter((p) => reason.provider_nums.includes(p.pms_prov_num)),
        }));
    },
  };
}
