import { formatPath, type ConfigProblem } from './practice-config-problems.ts';

/**
 * What the deployment can do for its practices (server config `offers`, ADR 0029): texts need
 * Twilio, card payments need Stripe (locally, the outbox and the test checkout stand in).
 */
export interface DeploymentOffers {
  texts: boolean;
  payments: boolean;
}

/** The part of a practice these rules read: its form URL, its reasons and its own texting number. */
export interface PracticeForDeployment {
  form_url: string;
  reasons: readonly { name: string; is_payment_enabled: boolean }[];
  sms_from?: string | null;
}

/** Why a paid reason cannot be offered here; the same words at import and at start. */
export function paidReasonWithoutPayments(formUrl: string, reasonName: string): string {
  return (
    `practice "${formUrl}" offers the paid reason "${reasonName}", but this server takes no card payments ` +
    '(STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are not set): ' +
    'configure Stripe, or turn is_payment_enabled off for this reason'
  );
}

/**
 * Problems of a configuration file on this deployment, one line each with its JSON path, like
 * the file's own validation. Text verification, reminders and review texts follow the deployment
 * (ADR 0029); the one texting setting a practice has is its own sender, which needs Twilio.
 */
export function findDeploymentProblems(
  practices: readonly PracticeForDeployment[],
  offers: DeploymentOffers,
): string[] {
  return practices.flatMap((practice, p) =>
    findPracticeDeploymentProblems(practice, offers).map(
      (problem) => `${formatPath(['practices', p, ...problem.path])}: ${problem.message}`,
    ),
  );
}

/** One practice's problems on this deployment, paths inside the practice (the console's fields, ADR 0079). */
export function findPracticeDeploymentProblems(
  practice: PracticeForDeployment,
  offers: DeploymentOffers,
): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  if (!offers.payments) {
    practice.reasons.forEach((reason, r) => {
      if (reason.is_payment_enabled)
        problems.push({
          path: ['reasons', r, 'is_payment_enabled'],
          message: paidReasonWithoutPayments(practice.form_url, reason.name),
        });
    });
  }
  if (!offers.texts && practice.sms_from) {
    problems.push({
      path: ['sms_from'],
      message:
        `practice "${practice.form_url}" has its own texting sender, but this server sends no texts ` +
        '(TWILIO_ACCOUNT_SID is not set): configure Twilio, or set sms_from to null',
    });
  }
  return problems;
}
