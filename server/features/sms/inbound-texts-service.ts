import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { recordTextedKeyword } from '../consent/contact-consent.ts';
import { inboundTextKind } from './inbound-text-kinds.ts';
import { insertInboundText } from './inbound-texts-repository.ts';
import { findLastPracticeToText, listPracticesOnSenders } from './sms-sends-repository.ts';

export interface InboundText {
  /** The patient, E.164. */
  from: string;
  /** Our number it was sent to. */
  to: string;
  /** Set by Twilio when `to` belongs to a Messaging Service: practices may name the service as their sender. */
  messagingServiceSid: string | null;
  body: string;
  messageSid: string;
}

/**
 * Stores a text a patient sent and applies its keyword, once per message id (a retried webhook
 * finds it stored and does nothing again). `deploymentSender` is TWILIO_FROM, null without Twilio.
 */
export async function receiveInboundText(deps: { db: Database; clock: Clock; deploymentSender: string | null }, text: InboundText): Promise<void> {
  const now = deps.clock.now();
  const kind = inboundTextKind(text.body);
  await deps.db.transaction(async (tx) => {
    const senders = [text.to, ...(text.messagingServiceSid ? [text.messagingServiceSid] : [])];
    const practiceIds = await listPracticesOnSenders(tx, { senders, includesDeploymentSender: deps.deploymentSender !== null && senders.includes(deps.deploymentSender) });
    const practiceId = await routeReply(tx, { senders, recipient: text.from, practiceIds });
    const isNew = await insertInboundText(tx, {
      practiceId, fromNumber: text.from, toNumber: text.to, body: text.body, kind, providerMessageId: text.messageSid, receivedAt: now,
    });
    // Every practice on the number, not only the routed one: Twilio blocks the number for all of them.
    if (isNew && (kind === 'opt_out' || kind === 'opt_in')) {
      await recordTextedKeyword(tx, { practiceIds, phone: text.from, isOptOut: kind === 'opt_out', words: text.body, at: now });
    }
  });
}

/**
 * Where a reply goes (ADR 0033): the practices texting from the number it was sent to (their own
 * sms_from, or TWILIO_FROM for those without one). One: that practice. Several sharing it: the one
 * that last texted this patient from it. None of them has, or no practice uses the number: kept
 * unrouted (practice null), for the operator.
 */
async function routeReply(tx: Queryable, key: { senders: string[]; recipient: string; practiceIds: string[] }): Promise<string | null> {
  if (key.practiceIds.length <= 1) return key.practiceIds[0] ?? null;
  return findLastPracticeToText(tx, key);
}
