import { solveChallenge as solveAltcha } from 'altcha-lib/v1';
import type { HttpClient, HttpOutcome } from './http-client.ts';
import type { SoakPractice } from './soak-practices.ts';
import { newPatientAtSlot } from '#server/test/booking-factory.ts';

interface Slot {
  DateTimeStart: string;
  DateTimeEnd: string;
  ProvNum: number;
  OpNum: number;
}

/** Names allow letters only: the booking number spelt in letters keeps every patient distinct. */
export function lettersOf(n: number): string {
  let text = '';
  for (let rest = n; text.length < 6; rest = Math.floor(rest / 26)) text += String.fromCharCode(97 + (rest % 26));
  return `Soak${text}`;
}

/** The booking wire body for one offered slot, as the booking form sends it. */
export function soakBooking(
  practice: Pick<SoakPractice, 'id' | 'reasonId'>,
  slot: Slot,
  who: { n: number; tag: string; email: string },
) {
  return {
    practice_id: practice.id,
    rfv_id: practice.reasonId,
    first_name: 'Soak',
    last_name: lettersOf(who.n),
    email: who.email,
    wireless_phone: '+15125550100',
    dob: '1990-01-01',
    ...newPatientAtSlot(slot),
    message: `soak ${who.tag}`,
  };
}

/**
 * Fetches and solves a bot challenge like the browser, through the load's own client so that
 * the challenge request is measured with the rest (server/test/server-process.ts has the
 * fetch-based twin for one-off requests).
 */
export async function solveChallenge(
  client: HttpClient,
  base: string,
): Promise<{ outcome: HttpOutcome; header: string | null }> {
  const outcome = await client.get(`${base}/api/v1/captcha/challenge`);
  if (outcome.status !== 200) return { outcome, header: null };
  const challenge = (
    outcome.body as { result: { challenge: string; salt: string; algorithm: string; maxnumber: number } }
  ).result;
  const solution = await solveAltcha(challenge.challenge, challenge.salt, challenge.algorithm, challenge.maxnumber)
    .promise;
  if (!solution) return { outcome, header: null };
  return { outcome, header: Buffer.from(JSON.stringify({ ...challenge, number: solution.number })).toString('base64') };
}
