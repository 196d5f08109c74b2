import { timeZoneAtClinic } from '#domain/practice/clinic-time-zone.ts';
import { escapeHtml } from '#domain/format/html-escape.ts';
import { formatPhone } from '#domain/format/phone-format.ts';
import { reasonNameIn } from '#domain/practice/practice-translations.ts';
import { describeAppointmentTime } from '#domain/time/appointment-time.ts';
import type { MailMessage } from '../../adapters/mail/mail-adapter.ts';
import { translator } from '../../i18n/translate.ts';
import { appointmentDetailLines } from '../bookings/booking-messages.ts';
import type { BookingView } from '../bookings/booking-view.ts';
import { placeOf } from '../manage/manage-view.ts';
import type { PracticeRow } from '../practices/practices-service.ts';
import * as messages from './reminder-messages.messages.ts';
import { withOptOutLine } from '../../i18n/opt-out-line.ts';

const t = translator(messages);
const CONFIRM_BUTTON_STYLE =
  'display:inline-block;padding:12px 24px;background:#1d4ed8;color:#ffffff;text-decoration:none;' +
  'border-radius:6px;font-weight:bold';

/** The links a reminder e-mail carries; each minted for this message (ADR 0033). */
export interface ReminderEmailLinks {
  manageUrl: string;
  /** The manage page, opened on its Confirm button (a GET never confirms: mail scanners open links). */
  confirmUrl: string;
  /** A page whose button unsubscribes. */
  unsubscribePageUrl: string;
  /** RFC 8058's one-click target: a POST there unsubscribes. */
  unsubscribeOneClickUrl: string;
}

type ReminderRow = BookingView & { starts_at: Date };

function factsOf(row: ReminderRow, practice: PracticeRow) {
  const lang = row.language;
  const { where, phone } = placeOf(row, practice, lang);
  return {
    lang,
    where,
    phone: phone ? formatPhone(phone) : null,
    when: describeAppointmentTime(row.starts_at, timeZoneAtClinic(practice, row.pms_clinic_num), lang),
    provider: row.provider_name ?? t(lang, 'firstAvailable'),
    isConfirmed: row.status === 'confirmed',
  };
}

/** The text: short, with the manage link and `Reply C to confirm` until the patient has. */
export function reminderText(row: ReminderRow, practice: PracticeRow, manageUrl: string): string {
  const f = factsOf(row, practice);
  const params = {
    practice: practice.name,
    when: f.when,
    provider: f.provider,
    where: f.where,
    phone: f.phone ?? '',
    url: manageUrl,
  };
  const body = t(f.lang, f.phone ? 'textReminder' : 'textReminderNoPhone', params);
  return withOptOutLine(f.lang, `${body} ${t(f.lang, f.isConfirmed ? 'textConfirmed' : 'textConfirmPrompt')}`);
}

/** The e-mail, with a Confirm button and the unsubscribe headers mailbox providers show. */
export function reminderEmail(
  row: ReminderRow,
  practice: PracticeRow,
  links: ReminderEmailLinks,
): Pick<MailMessage, 'subject' | 'text' | 'html' | 'headers'> {
  const f = factsOf(row, practice);
  const details = appointmentDetailLines(f.lang, {
    startsAt: row.starts_at,
    timeZone: timeZoneAtClinic(practice, row.pms_clinic_num),
    reference: row.reference,
    where: f.where,
    phone: f.phone,
    reasonName: practice.reminders_show_reason
      ? reasonNameIn({ name: row.reason_name, translations: row.reason_translations }, f.lang)
      : null,
    provider: row.provider_name,
  });
  const greeting = t(f.lang, 'greeting', { name: row.booker_first_name ?? row.first_name });
  const confirm = f.isConfirmed
    ? [t(f.lang, 'alreadyConfirmed')]
    : [`${t(f.lang, 'confirmPrompt')} ${links.confirmUrl}`];
  const manage = t(f.lang, 'manageLink', { url: links.manageUrl });
  const unsubscribe = t(f.lang, 'unsubscribe', { practice: practice.name, url: links.unsubscribePageUrl });
  const text = [greeting, '', t(f.lang, 'intro'), '', ...details, '', ...confirm, '', manage, '', unsubscribe].join(
    '\n',
  );
  const paragraph = (line: string) => `<p>${escapeHtml(line)}</p>`;
  const html = [
    `<!doctype html><html lang="${f.lang}"><body ` +
      `style="font-family:Arial,sans-serif;font-size:16px;line-height:1.5;color:#1f2937">`,
    paragraph(greeting),
    paragraph(t(f.lang, 'intro')),
    `<p>${details.map(escapeHtml).join('<br>')}</p>`,
    f.isConfirmed
      ? paragraph(t(f.lang, 'alreadyConfirmed'))
      : `<p>${escapeHtml(t(f.lang, 'confirmPrompt'))}</p><p><a href="${escapeHtml(links.confirmUrl)}" ` +
        `style="${CONFIRM_BUTTON_STYLE}">${escapeHtml(t(f.lang, 'confirmButton'))}</a></p>`,
    `<p>${linkified(manage, links.manageUrl)}</p>`,
    `<p style="font-size:13px;color:#4b5563">${linkified(unsubscribe, links.unsubscribePageUrl)}</p>`,
    '</body></html>',
  ].join('\n');
  return {
    subject: t(f.lang, 'subject', { practice: practice.name, when: f.when }),
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${links.unsubscribeOneClickUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}

/** A sentence that ends in its URL, with the URL as a link. */
function linkified(sentence: string, url: string): string {
  const at = sentence.lastIndexOf(url);
  if (at < 0) return escapeHtml(sentence);
  return (
    `${escapeHtml(sentence.slice(0, at))}<a ` +
    `href="${escapeHtml(url)}">${escapeHtml(url)}</a>${escapeHtml(sentence.slice(at + url.length))}`
  );
}
