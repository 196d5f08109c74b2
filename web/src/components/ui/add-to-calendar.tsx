import { useId, useState } from 'react';
import { useMessages } from '../../lib/i18n/use-messages.ts';
import * as messages from './add-to-calendar.messages.ts';
import { OUTLINE_BUTTON_CLASS } from './class-names.ts';

export interface CalendarChoices {
  ics_path: string;
  google_url: string;
  outlook_url: string;
}

/**
 * `Add to calendar` (ADR 0035): a disclosure whose first choice is the `.ics` file, which stays
 * between the patient and us; Google and Outlook links go to a third party, so they carry only the
 * practice's name, address and the time (domain/calendar/calendar-links.ts), and open in a new tab
 * without a referrer.
 */
export function AddToCalendar({ choices }: { choices: CalendarChoices }) {
  const t = useMessages(messages);
  const [isOpen, setIsOpen] = useState(false);
  const listId = useId();
  const linkClass = 'block rounded-md px-3 py-2 text-slate-900 underline underline-offset-2 hover:bg-slate-100';
  return (
    <div className="flex flex-col items-start gap-2">
      <button
        type="button"
        aria-expanded={isOpen}
        aria-controls={listId}
        onClick={() => setIsOpen((open) => !open)}
        className={`${OUTLINE_BUTTON_CLASS} hover:border-slate-500`}
      >
        {t('addToCalendar')}
      </button>
      <ul id={listId} hidden={!isOpen} className="flex flex-col gap-1 text-left">
        <li>
          <a href={choices.ics_path} download="appointment.ics" className={linkClass}>
            {t('icsFile')}
          </a>
        </li>
        <li>
          <a href={choices.google_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t('google')} <span className="sr-only">{t('newTab')}</span>
          </a>
        </li>
        <li>
          <a href={choices.outlook_url} target="_blank" rel="noopener noreferrer" className={linkClass}>
            {t('outlook')} <span className="sr-only">{t('newTab')}</span>
          </a>
        </li>
      </ul>
    </div>
  );
}
