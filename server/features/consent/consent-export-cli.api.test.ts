import { describe, expect, it } from 'vitest';
import type { Database } from '../../db/database.ts';
import { withProcessDatabase } from '../../test/process-database.ts';
import { importPractices, practiceConfig } from '../../test/practice-factory.ts';
import { insertConsents } from './consent-repository.ts';
import { recordBookingConsent, recordTextedKeyword } from './contact-consent.ts';

let reference: string;

async function bookedAppointment(db: Database, practiceId: string): Promise<{ id: string; reference: string }> {
  const [row] = await db.query<{ id: string; reference: string }>(
    `insert into appointments (practice_id, pms_prov_num, pms_op_num, status) values ($1, 1, 1, 'requested')
       returning id, reference`,
    [practiceId],
  );
  return row!;
}

/** The script is a separate process, on this file's database (ADR 0005). */
const database = withProcessDatabase(async (db) => {
  const ids = await importPractices(
    db,
    practiceConfig(),
    practiceConfig({ form_url: 'other-practice', name: 'Other Practice' }),
  );
  const [ours, theirs] = [ids['test-practice']!, ids['other-practice']!];
  const booking = await bookedAppointment(db, ours);
  reference = booking.reference;
  await recordBookingConsent(db, {
    practiceId: ours,
    practiceName: 'Test Practice',
    appointmentId: booking.id,
    email: 'Ana.Lopez@Example.com',
    phone: '(512) 555-0123',
    place: 'booking_form',
    ip: '203.0.113.7',
    at: new Date('2026-03-03T14:00:00Z'),
  });
  const other = await bookedAppointment(db, theirs);
  await recordBookingConsent(db, {
    practiceId: theirs,
    practiceName: 'Other Practice',
    appointmentId: other.id,
    email: 'someone.else@example.com',
    phone: '(512) 555-0199',
    place: 'verification_step',
    ip: '198.51.100.9',
    at: new Date('2026-03-03T15:00:00Z'),
  });
  // One STOP to a number both practices text from is an opt-out at each (ADR 0033): one row each.
  await recordTextedKeyword(db, {
    practiceIds: [ours, theirs],
    phone: '+15125550123',
    isOptOut: true,
    words: 'STOP',
    at: new Date('2026-03-04T09:30:00Z'),
  });
  // Words a person typed, which a spreadsheet would run as a formula.
  await insertConsents(db, [
    {
      practiceId: ours,
      appointmentId: null,
      channel: 'email',
      recipient: 'ana.lopez@example.com',
      granted: false,
      source: 'staff',
      words: '=HYPERLINK("http://evil.example","Click")',
      ip: null,
      recordedAt: new Date('2026-03-05T16:00:00Z'),
    },
  ]);
});
const run = (args: string[]) => database.runCli('consent-export.ts', args);
const failureOf = (args: string[]) => database.cliFailure('consent-export.ts', args);

describe('npm run consent:export', () => {
  it("prints the practice's ledger as CSV, oldest first, and nothing of another practice", async () => {
    const { stdout, stderr } = await run(['test-practice']);
    expect(stderr).toBe('');
    expect(stdout.split('\r\n')).toEqual([
      'recorded_at,channel,recipient,decision,source,words,ip,reference',
      `2026-03-03T14:00:00.000Z,email,ana.lopez@example.com,granted,booking_form,I agree to receive ` +
        `text and email from Test Practice,203.0.113.7,${reference}`,
      `2026-03-03T14:00:00.000Z,sms,'+15125550123,granted,booking_form,I agree to receive text and ` +
        `email from Test Practice,203.0.113.7,${reference}`,
      "2026-03-04T09:30:00.000Z,sms,'+15125550123,withdrawn,sms_reply,STOP,,",
      `2026-03-05T16:00:00.000Z,email,ana.lopez@example.com,withdrawn,staff,` +
        `"'=HYPERLINK(""http://evil.example"",""Click"")",,`,
      '',
    ]);
  }, 60_000);

  it("prints the other practice's rows only for that practice", async () => {
    const { stdout } = await run(['other-practice']);
    expect(stdout).toContain('someone.else@example.com');
    expect(stdout).not.toContain('ana.lopez@example.com');
    expect(stdout.split('\r\n')).toHaveLength(1 + 3 + 1);
  }, 60_000);

  it('says so on stderr and exits 1 for a form_url no practice has', async () => {
    const failure = await failureOf(['no-such-practice']);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toBe('No practice has the form_url "no-such-practice".\n');
  }, 60_000);

  it('shows the usage and exits 1 without a form_url', async () => {
    const failure = await failureOf([]);
    expect(failure.code).toBe(1);
    expect(failure.stdout).toBe('');
    expect(failure.stderr).toMatch(/^Usage: npm run consent:export -- <form_url>/);
  }, 60_000);
});
