import { DEFAULT_LANGUAGE, type Language } from '#domain/i18n/languages.ts';
import { maskEmail, type UnsubscribeView } from '#domain/reminders/unsubscribe-schemas.ts';
import * as words from '#domain/reminders/unsubscribe-texts.messages.ts';
import { normaliseEmail } from '#domain/verification/contact-normalisation.ts';
import type { Clock } from '../../clock.ts';
import type { Database } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { translator } from '../../i18n/translate.ts';
import { openBookingLink } from '../booking-links/booking-links.ts';
import { hasOptedOut, insertConsents } from '../consent/contact-consent.ts';
import { findBookingView } from '../bookings/booking-view.ts';
import type { PracticesService } from '../practices/practices-service.ts';
import * as messages from './unsubscribe.messages.ts';

const t = translator(messages);
const w = translator(words);

/** `how`: the page's button (its words, in the page's language), or a mail program's one-click POST. */
export type UnsubscribeWay = { by: 'page'; language: Language } | { by: 'one_click' };

export interface UnsubscribeService {
  view(token: string): Promise<UnsubscribeView>;
  unsubscribe(token: string, way: UnsubscribeWay, ip: string | null): Promise<UnsubscribeView>;
}

/**
 * The unsubscribe link of reminder e-mails (ADR 0037): it stops this practice's reminder e-mails
 * to this address, as a row of the consent ledger (source `unsubscribe_link`). Booking
 * confirmations and replies to the patient's own changes still go: they answer what the patient did.
 */
export function createUnsubscribeService(deps: {
  db: Database;
  clock: Clock;
  practices: Pick<PracticesService, 'requirePractice'>;
}): UnsubscribeService {
  async function open(token: string) {
    const link = await openBookingLink(deps.db, token, 'unsubscribe', deps.clock.now());
    const row = link ? await findBookingView(deps.db, link.appointment_id) : null;
    const email = row?.email ? normaliseEmail(row.email) : null;
    if (!link || !row || !email) throw AppError.notFound(t.localized('notFound'));
    return { practice: await deps.practices.requirePractice(link.practice_id), appointmentId: row.id, email };
  }

  async function viewOf(opened: Awaited<ReturnType<typeof open>>): Promise<UnsubscribeView> {
    return {
      practice: { name: opened.practice.name, form_url: opened.practice.form_url },
      email: maskEmail(opened.email),
      is_unsubscribed: await hasOptedOut(deps.db, opened.practice.id, 'email', opened.email),
    };
  }

  return {
    async view(token) {
      return viewOf(await open(token));
    },

    async unsubscribe(token, way, ip) {
      const opened = await open(token);
      await deps.db.transaction(async (tx) => {
        // Once is enough: a second press (or a mail program's retry) adds no row.
        if (await hasOptedOut(tx, opened.practice.id, 'email', opened.email)) return;
        const said =
          way.by === 'page'
            ? w(way.language, 'stopButton', { practice: opened.practice.name })
            : `List-Unsubscribe=One-Click (${w(DEFAULT_LANGUAGE, 'stopButton', { practice: opened.practice.name })})`;
        await insertConsents(tx, [
          {
            practiceId: opened.practice.id,
            appointmentId: opened.appointmentId,
            channel: 'email',
            recipient: opened.email,
            granted: false,
            source: 'unsubscribe_link',
            words: said,
            ip,
            recordedAt: deps.clock.now(),
          },
        ]);
      });
      return viewOf(opened);
    },
  };
}
