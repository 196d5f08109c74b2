import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '#domain/time/local-date.ts';
import { createTestDatabase, type TestDatabase } from '../../test/test-database.ts';
import { solvedChallengeFrom, startServerProcess, type ServerProcess } from '../../test/server-process.ts';

/**
 * Invariant 5: a booking acknowledged with 2xx survives the server being killed with SIGKILL right
 * after answering, and its messages are still sent once, by the restarted process.
 */
let storage: Record<string, string>;
let testDb: TestDatabase | undefined;
let dataDir: string | undefined;
const running: ServerProcess[] = [];

beforeAll(async () => {
  if (process.env.TEST_DB_KIND === 'postgres') {
    testDb = await createTestDatabase();
    storage = { DATABASE_URL: testDb.url! };
  } else {
    dataDir = await mkdtemp(join(tmpdir(), 'crash-'));
    storage = { DATA_DIR: dataDir };
  }
});
afterAll(async () => {
  await Promise.all(running.map((server) => server.kill()));
  await testDb?.destroy();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

async function start(): Promise<ServerProcess> {
  const server = await startServerProcess(storage);
  running.push(server);
  return server;
}

const json = async (url: string) => (await fetch(url)).json();

describe('crash safety', () => {
  // Two real server starts on a fresh embedded database take 20 to 30 s on a busy two-core machine.
  it(
    'keeps an acknowledged booking and sends its messages after SIGKILL and restart',
    { timeout: 90_000 },
    async () => {
      const first = await start();
      const form = (await json(`${first.base}/api/v1/form/bright-smile`)).result;
      const reasons = (await json(`${first.base}/api/v1/reason-for-visit?practice_id=${form.id}`)).result;
      const reason = reasons.find(
        (r: { is_payment_enabled: boolean; for_new_patients: boolean }) => !r.is_payment_enabled && r.for_new_patients,
      );
      const today = new Date().toISOString().slice(0, 10);
      const slotsUrl =
        `${first.base}/api/v1/appointment/slots?practice_id=${form.id}` +
        `&reason_for_visit_id=${reason.id}&start_date=${addDays(today, 2)}&end_date=${addDays(today, 30)}`;
      const slot = (await json(slotsUrl)).result[0];
      const email = `crash-${Date.now()}@example.com`;
      const response = await fetch(`${first.base}/api/v1/appointment`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-bot-challenge': await solvedChallengeFrom(first.base) },
        body: JSON.stringify({
          practice_id: form.id,
          rfv_id: reason.id,
          first_name: 'Crash',
          last_name: 'Test',
          email,
          wireless_phone: '+15125550100',
          dob: '1980-05-05',
          pms_prov_num: slot.ProvNum,
          pms_op_num: slot.OpNum,
          apt_date: slot.DateTimeStart.slice(0, 10),
          start_time: slot.DateTimeStart.slice(11),
          end_time: slot.DateTimeEnd.slice(11),
          patient_status: 'New Patient',
          is_patient: true,
          is_concented: true,
          has_insurance: false,
        }),
      });
      expect(response.status).toBe(201);
      await first.kill('SIGKILL');

      const second = await start();
      const offered = (
        await json(
          `${second.base}/api/v1/appointment/slots?practice_id=${form.id}&reason_for_visit_id=${reason.id}` +
            `&start_date=${slot.DateTimeStart.slice(0, 10)}&end_date=${slot.DateTimeStart.slice(0, 10)}` +
            `&pms_prov_num=${slot.ProvNum}`,
        )
      ).result;
      expect(offered.map((r: { DateTimeStart: string }) => r.DateTimeStart)).not.toContain(slot.DateTimeStart);

      let toPatient: unknown[] = [];
      for (let attempt = 0; attempt < 60 && toPatient.length === 0; attempt++) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        toPatient = (await json(`${second.base}/_dev/outbox?format=json`)).filter(
          (m: { to: string }) => m.to === email,
        );
      }
      expect(toPatient).toHaveLength(1);
    },
  );
});
