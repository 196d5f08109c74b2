import { describe, expect, it } from 'vitest';
import { withProcessDatabase } from '../../test/process-database.ts';
import { bookFirstOpenSlot, waitForOutbox } from '../../test/server-process.ts';

/**
 * Invariant 5: a booking acknowledged with 2xx survives the server being killed with SIGKILL right
 * after answering, and its messages are still sent once, by the restarted process.
 */
const database = withProcessDatabase();

const json = async (url: string) => (await fetch(url)).json();

describe('crash safety', () => {
  // Two real server starts on a fresh embedded database take 20 to 30 s on a busy two-core machine.
  it(
    'keeps an acknowledged booking and sends its messages after SIGKILL and restart',
    { timeout: 90_000 },
    async () => {
      const first = await database.startServer();
      const form = (await json(`${first.base}/api/v1/form/bright-smile`)).result;
      const reasons = (await json(`${first.base}/api/v1/reason-for-visit?practice_id=${form.id}`)).result;
      const reason = reasons.find(
        (r: { is_payment_enabled: boolean; for_new_patients: boolean }) => !r.is_payment_enabled && r.for_new_patients,
      );
      const email = `crash-${Date.now()}@example.com`;
      const { response, slot } = await bookFirstOpenSlot(first.base, {
        practiceId: form.id,
        reasonId: reason.id,
        days: [2, 30],
        patient: { first_name: 'Crash', last_name: 'Test', email },
      });
      expect(response.status).toBe(201);
      await first.kill('SIGKILL');

      const second = await database.startServer();
      const offered = (
        await json(
          `${second.base}/api/v1/appointment/slots?practice_id=${form.id}&reason_for_visit_id=${reason.id}` +
            `&start_date=${slot.DateTimeStart.slice(0, 10)}&end_date=${slot.DateTimeStart.slice(0, 10)}` +
            `&pms_prov_num=${slot.ProvNum}`,
        )
      ).result;
      expect(offered.map((r: { DateTimeStart: string }) => r.DateTimeStart)).not.toContain(slot.DateTimeStart);

      const toPatient = await waitForOutbox(second.base, (message) => message.to === email);
      expect(toPatient).toHaveLength(1);
    },
  );
});
