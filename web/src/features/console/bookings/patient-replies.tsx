import type { StaffAppointmentDetail } from '#domain/staff/staff-appointment-schemas.ts';
import { instantText } from '../shared/console-dates.ts';

/** What the patient texted about this booking that was not a keyword, oldest first (ADR 0066). */
export function PatientReplies({
  replies,
  timeZone,
}: {
  replies: StaffAppointmentDetail['replies'];
  timeZone: string;
}) {
  return (
    <section className="flex flex-col gap-1">
      <h3 className="text-base font-semibold">Texts from the patient</h3>
      {replies.length === 0 ? (
        <p className="text-slate-700">None.</p>
      ) : (
        <ul className="flex flex-col gap-1">
          {replies.map((reply) => (
            <li key={reply.id} className="whitespace-pre-wrap">
              {instantText(reply.received_at, timeZone)}: {reply.body}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
