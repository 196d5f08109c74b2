import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import type { Database } from '../db/database.ts';
import { bookingBody } from './booking-factory.ts';
import { solveBotChallenge } from './bot-challenge.ts';
import { reasonId } from './practice-factory.ts';

/** A response as the API tests read it: the status and the parsed JSON body. */
export interface ApiAnswer {
  status: number;
  /** Unparsed, as `JSON.parse` gives it: the tests assert on refusals and bad answers too. */
  body: ReturnType<typeof JSON.parse>;
}

/**
 * POST /api/v1/appointment as the booking page sends it: with a solved bot challenge, unless the
 * headers bring their own (an empty one included).
 */
export async function postBooking(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const challenge = 'x-bot-challenge' in headers ? {} : { 'x-bot-challenge': await solveBotChallenge(app) };
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: payload as object,
    headers: { ...challenge, ...headers },
  });
  return { status: response.statusCode, body: response.json() };
}

/** The return URLs the payment page sends for the factory practice. */
export const CHECKOUT_RETURN_URLS = {
  success_url: 'http://localhost:8080/test-practice/payment-success',
  cancel_url: 'http://localhost:8080/test-practice/payment-failed',
};

/** POST /api/v1/stripe/create-session as the payment page sends it: with a solved bot challenge (and `headers`). */
export async function postCheckout(
  app: FastifyInstance,
  payload: unknown,
  headers: Record<string, string> = {},
): Promise<ApiAnswer> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/v1/stripe/create-session',
    payload: payload as object,
    headers: { 'x-bot-challenge': await solveBotChallenge(app), ...headers },
  });
  return { status: response.statusCode, body: response.json() };
}

/** A button of the local checkout page (Pay or Cancel), posted from its own page as a browser would. */
export function pressCheckoutButton(app: FastifyInstance, sessionId: string, button: 'pay' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `/_dev/checkout/${sessionId}/${button}`,
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:8080' },
    payload: '',
  });
}

/** Runs now the server's periodic task that lets payment holds past their expiry go: how many it released. */
export function releaseExpiredHolds(app: FastifyInstance) {
  return app.background.periodic.find((task) => task.name === 'release expired payment holds')!.run();
}

/** Half-hourly start times ("HH:MM") from `first` to `last`, both included: the slots a test expects. */
export function halfHours(first: string, last: string): string[] {
  const minutes = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));
  const count = (minutes(last) - minutes(first)) / 30 + 1;
  return Array.from({ length: count }, (_, i) => {
    const at = minutes(first) + 30 * i;
    return `${String(Math.floor(at / 60)).padStart(2, '0')}:${String(at % 60).padStart(2, '0')}`;
  });
}

/** GET /api/v1/appointment/slots with the given query. */
export async function getSlots(app: FastifyInstance, params: Record<string, string | number>): Promise<ApiAnswer> {
  const query = new URLSearchParams(Object.entries(params).map(([key, value]) => [key, String(value)]));
  const response = await app.inject({ method: 'GET', url: `/api/v1/appointment/slots?${query}` });
  return { status: response.statusCode, body: response.json() };
}

/** Books the factory's body with the overrides, expects 201, and returns the appointment's id. */
export async function bookVisit(
  app: FastifyInstance,
  booking: { practiceId: string; reasonId: string } & Record<string, unknown>,
): Promise<string> {
  const { practiceId, reasonId, ...overrides } = booking;
  const { status, body } = await postBooking(app, {
    ...bookingBody({ practice_id: practiceId, rfv_id: reasonId }),
    ...overrides,
  });
  expect(status, JSON.stringify(body)).toBe(201);
  return body.result.appointment_id as string;
}

/** Books the practice's 'Exam' as `bookVisit` does (expects 201): the appointment's id. */
export async function bookExam(
  ctx: { app: FastifyInstance; db: Database },
  practiceId: string,
  overrides: Record<string, unknown> = {},
): Promise<string> {
  return bookVisit(ctx.app, { practiceId, reasonId: await reasonId(ctx.db, practiceId, 'Exam'), ...overrides });
}
