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

export const FEEDBACK_DESCRIPTION_MAX_LENGTH = 2_000;
