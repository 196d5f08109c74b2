import { manageApiPath, tokenOfManagePath } from '#domain/booking/manage-paths.ts';
import { calendarLinks, type SharedCalendarEvent } from '#domain/calendar/calendar-links.ts';
import { AddToCalendar } from '../../../components/ui/add-to-calendar.tsx';
import { useMessages } from '../../../lib/i18n/use-messages.ts';
import * as messages from './manage-page.messages.ts';
import { PageLink } from '../../../components/ui/page-link.tsx';

/**
 * After a booking (page 7, the payment's success page): the way to the booking's manage page and
 * `Add to calendar`. The third-party links carry only the practice's name, address and the time.
 */
export function ManageLinks({ managePath, event }: { managePath: string; event: SharedCalendarEvent | null }) {
  const t = useMessages(messages);
  const token = tokenOfManagePath(managePath);
  return (
    <div className="flex flex-col items-start gap-3 text-left">
      <div className="flex flex-col gap-1">
        <PageLink to={managePath} className="w-fit font-semibold text-slate-900 underline underline-offset-2">
          {t('manageLink')}
        </PageLink>
        <p className="text-sm text-slate-700">{t('manageHint')}</p>
      </div>
      {event && <AddToCalendar choices={{ ics_path: manageApiPath(token, 'calendar.ics'), ...calendarLinks(event) }} />}
    </div>
  );
}
