import { describe, expect, it } from 'vitest';
import { manageApiPath } from '#domain/booking/manage-schemas.ts';
import { runAppJobs } from '../../test/app-jobs.ts';
import { bookingBody } from '../../test/booking-factory.ts';
import { postBooking } from '../../test/booking-requests.ts';
import { NEW_YORK_OFFICE, withPracticeApp } from '../../test/practice-app.ts';
import { fixedClock } from '../../test/test-app.ts';

// Monday 2 March 2026, 07:00 in New York. Subscribers run only when the test runs the jobs, as a late worker would.
const clock = fixedClock('2026-03-02T12:00:00Z');
const ctx = withPracticeApp({ clock, runSubscribers: false, practices: [NEW_YORK_OFFICE] });

const mailTo = (recipient: string) =>
  ctx.db.query<{ subject: string; text: string }>(
    'select subject, text from outbox_messages where recipient = $1 order by seq',
    [recipient],
  );

describe('the reschedule messages (ADR 0069)', () => {
  it('name the provider as they were at the move, though renamed before the subscriber ran', async () => {
    const booked = await postBooking(
      ctx.app,
      bookingBody({
        practice_id: ctx.practiceId,
        rfv_id: ctx.reasonId('Exam'),
        apt_date: '2026-03-05',
        email: 'renamed@example.com',
      }),
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const token = (booked.body.result.manage_path as string).split('/').at(-1)!;
    await runAppJobs(ctx, clock);
    const moved = await ctx.app.inject({
      method: 'POST',
      url: manageApiPath(token, 'reschedule'),
      payload: { apt_date: '2026-03-05', start_time: '09:30:00', pms_prov_num: 1 },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await ctx.db.query(
      `update providers set provider_display_name = 'Dr. Renamed' where practice_id = $1 and pms_prov_num = 1`,
      [ctx.practiceId],
    );
    await runAppJobs(ctx, clock);

    const update = (await mailTo('renamed@example.com')).at(-1)!;
    expect(update.subject).toContain('was moved');
    expect(update.text).toContain('Dr. One');
    expect(update.text).not.toContain('Dr. Renamed');
    const notice = (await mailTo(NEW_YORK_OFFICE.notification_email)).at(-1)!;
    expect(notice.subject).toContain('Appointment moved online');
    expect(notice.text).toContain('Dr. One');
    expect(notice.text).not.toContain('Dr. Renamed');
  });
});
