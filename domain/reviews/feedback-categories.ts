import type * as categoryMessages from './feedback-categories.messages.ts';

/** Spec section 9: the private feedback categories, in the order the dropdown lists them. */
export const FEEDBACK_CATEGORIES = [
  'Long wait time',
  'Rude staff behavior',
  'Unsatisfactory treatment',
  'Billing issues',
  'Appointment scheduling problems',
  'Hygiene concerns',
  'Pain or discomfort after treatment',
  'Lack of clear communication',
  'Unfriendly or unhelpful receptionist',
  'Treatment was too expensive',
  'Insurance issues',
  'Inadequate explanation of procedures',
  'Equipment was not properly sanitized',
  'Too much pressure to purchase additional services',
  'Difficulty in reaching the clinic via phone or email',
  'Lack of privacy during consultation',
  'Other',
] as const;

export type FeedbackCategory = (typeof FEEDBACK_CATEGORIES)[number];

/**
 * Each category's label in `feedback-categories.messages.ts` (issue 19): the value sent and
 * stored stays the category above, in English; the patient sees the label in their language.
 */
export const FEEDBACK_CATEGORY_LABELS = {
  'Long wait time': 'longWaitTime',
  'Rude staff behavior': 'rudeStaff',
  'Unsatisfactory treatment': 'unsatisfactoryTreatment',
  'Billing issues': 'billing',
  'Appointment scheduling problems': 'scheduling',
  'Hygiene concerns': 'hygiene',
  'Pain or discomfort after treatment': 'painAfterTreatment',
  'Lack of clear communication': 'unclearCommunication',
  'Unfriendly or unhelpful receptionist': 'unfriendlyReceptionist',
  'Treatment was too expensive': 'tooExpensive',
  'Insurance issues': 'insurance',
  'Inadequate explanation of procedures': 'unexplainedProcedures',
  'Equipment was not properly sanitized': 'unsanitizedEquipment',
  'Too much pressure to purchase additional services': 'salesPressure',
  'Difficulty in reaching the clinic via phone or email': 'hardToReach',
  'Lack of privacy during consultation': 'noPrivacy',
  Other: 'other',
} as const satisfies Record<FeedbackCategory, keyof typeof categoryMessages.en>;

export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 2_000;
