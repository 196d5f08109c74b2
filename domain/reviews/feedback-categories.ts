import type * as categoryMessages from './feedback-categories.messages.ts';

/**
 * Spec section 9: the private feedback categories, in the order the dropdown lists them. These are
 * the values sent and stored, in English whatever the patient's language (hence `not
 * patient-facing`): the patient sees each one's label from `feedback-categories.messages.ts`.
 */
export const FEEDBACK_CATEGORIES = [
  'Long wait time', // not patient-facing
  'Rude staff behavior', // not patient-facing
  'Unsatisfactory treatment',
  'Billing issues',
  'Appointment scheduling problems', // not patient-facing
  'Hygiene concerns',
  'Pain or discomfort after treatment', // not patient-facing
  'Lack of clear communication', // not patient-facing
  'Unfriendly or unhelpful receptionist', // not patient-facing
  'Treatment was too expensive', // not patient-facing
  'Insurance issues',
  'Inadequate explanation of procedures', // not patient-facing
  'Equipment was not properly sanitized', // not patient-facing
  'Too much pressure to purchase additional services', // not patient-facing
  'Difficulty in reaching the clinic via phone or email', // not patient-facing
  'Lack of privacy during consultation', // not patient-facing
  'Other',
] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

type CategoryLabel = keyof typeof categoryMessages.en;

/** Each category's label key, in the same order as FEEDBACK_CATEGORIES. */
const LABELS = [
  'longWaitTime',
  'rudeStaff',
  'unsatisfactoryTreatment',
  'billing',
  'scheduling',
  'hygiene',
  'painAfterTreatment',
  'unclearCommunication',
  'unfriendlyReceptionist',
  'tooExpensive',
  'insurance',
  'unexplainedProcedures',
  'unsanitizedEquipment',
  'salesPressure',
  'hardToReach',
  'noPrivacy',
  'other',
] as const satisfies readonly CategoryLabel[] & { length: typeof FEEDBACK_CATEGORIES.length };

/** The key of a category's label in `feedback-categories.messages.ts` (ADR 0034). */
export function feedbackCategoryLabel(category: FeedbackCategory): CategoryLabel {
  return LABELS[FEEDBACK_CATEGORIES.indexOf(category)] ?? 'other';
}

export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 2_000;
