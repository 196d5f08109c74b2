import { normalisePhone } from '#domain/verification/contact-normalisation.ts';
import type { Clock } from '../../clock.ts';
import type { Queryable } from '../../db/database.ts';
import type { JobLogger } from '../../jobs/job-worker.ts';
import type { SmsSendRules } from '../../jobs/message-jobs.ts';
import { hasOptedOut } from '../consent/contact-consent.ts';
import { findPracticeSmsFrom, insertSmsSend } from './sms-sends-repository.ts';

/**
 * Who sends a practice's text and whether it may go (ADR 0033): the practice's own sms_from, else
 * the deployment's TWILIO_FROM (null without Twilio: the outbox needs no sender); not to a
 * recipient whose newest decision for this practice is an opt-out. Every text sent from a known
 * sender is recorded in sms_sends, so a reply to a shared number finds its practice.
 */
export function createSmsSendRules(deps: {
  db: Queryable;
  clock: Clock;
  deploymentSender: string | null;
  logger: JobLogger;
}): SmsSendRules {
  const { db } = deps;
  return {
    async prepare(practiceId, to) {
      const own = await findPracticeSmsFrom(db, practiceId);
      return { from: own ?? deps.deploymentSender, hasOptedOut: await hasOptedOut(db, practiceId, 'sms', to) };
    },
    async recordSent(sent) {
      try {
        await insertSmsSend(db, {
          practiceId: sent.practiceId,
          recipient: normalisePhone(sent.to) ?? sent.to,
          sender: sent.from,
          sentAt: deps.clock.now(),
        });
      } catch (error) {
        // The text is out: failing the job would send it again. Only reply routing loses this one.
        deps.logger.error(
          { practiceId: sent.practiceId, error: error instanceof Error ? error.message : String(error) },
          // not patient-facing (a log line)
          'Could not record a sent text; a reply to it may not find its practice',
        );
      }
    },
  };
}
