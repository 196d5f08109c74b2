import { describe, expect, it } from 'vitest';
import { createTestApp, fixedClock } from '../test/test-app.ts';
import { withPracticeApp } from '../test/practice-app.ts';
import { bookingBody } from '../test/booking-factory.ts';
import { solveBotChallenge } from '../test/bot-challenge.ts';

/** ADR 0034: the API answers a patient's refusals in the request's language; English stays as it is. */
const clock = fixedClock('2026-03-02T12:00:00Z');
const es = { 'accept-language': 'es' };
const ctx = withPracticeApp({
  clock,
  practices: [{}, { form_url: 'verifies', name: 'Clínica Verifica', to_verify_patient: true }],
});

async function book(overrides: Record<string, unknown>, headers: Record<string, string> = {}) {
  return ctx.app.inject({
    method: 'POST',
    url: '/api/v1/appointment',
    payload: { ...bookingBody({ practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam') }), ...overrides },
    headers: { 'x-bot-challenge': await solveBotChallenge(ctx.app), ...headers },
  });
}

describe('refusals in the request language', () => {
  it('lists missing fields of a 422 in Spanish, and in English without a choice', async () => {
    const body = { practice_id: ctx.practiceId, rfv_id: ctx.reasonId('Exam') };
    const spanish = await ctx.app.inject({ method: 'POST', url: '/api/v1/appointment', payload: body, headers: es });
    expect(spanish.statusCode).toBe(422);
    expect(spanish.json().code).toBe('VALIDATION_FAILED');
    expect(spanish.json().message).toMatch(/^Corrija lo siguiente: /);
    expect(spanish.json().fields.first_name).toBe('first_name es obligatorio');
    const english = await ctx.app.inject({ method: 'POST', url: '/api/v1/appointment', payload: body });
    expect(english.json().message).toMatch(/^Please correct: /);
    expect(english.json().fields.first_name).toBe('first_name is required');
  });

  it('takes the lang cookie when the request names no language, and Accept-Language over the cookie', async () => {
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { cookie: 'theme=dark; lang=es' },
    });
    expect(byCookie.json()).toEqual({
      success: false,
      code: 'NOT_FOUND',
      message: 'No existe el punto de acceso de la API GET /api/v1/nothing-here.',
    });
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/nothing-here',
      headers: { cookie: 'lang=es', 'accept-language': 'en-US,en;q=0.9' },
    });
    expect(byHeader.json().message).toBe('There is no API endpoint GET /api/v1/nothing-here.');
  });

  it('says a review link is not valid in Spanish', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/v1/review/verify-request-link/not-a-token',
      headers: es,
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().message).toBe(
      'Este enlace de reseña no es válido. Abra el enlace completo del mensaje que recibió.',
    );
  });

  it('says a slot was just taken, or can no longer be booked, in Spanish', async () => {
    expect((await book({ start_time: '10:00:00', end_time: '10:30:00' })).statusCode).toBe(201);
    const taken = await book(
      { start_time: '10:00:00', end_time: '10:30:00', first_name: 'Otra', email: 'otra@example.com' },
      es,
    );
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({
      code: 'SLOT_TAKEN',
      message: 'Lo sentimos, alguien acaba de reservar este horario. Elija otro horario.',
    });
    const past = await book({ apt_date: '2026-02-27', start_time: '09:00:00', end_time: '09:30:00' }, es);
    expect(past.statusCode).toBe(422);
    expect(past.json()).toMatchObject({
      code: 'SLOT_UNAVAILABLE',
      message: 'Este horario ya no está disponible. Elija otro horario.',
    });
  });

  it('rates limits in Spanish', async () => {
    const limited = await createTestApp(ctx.db, { clock, config: { rateLimitMultiplier: 0.01 } });
    try {
      await limited.inject({ method: 'GET', url: '/api/v1/captcha/challenge', headers: es });
      const response = await limited.inject({ method: 'GET', url: '/api/v1/captcha/challenge', headers: es });
      expect(response.statusCode).toBe(429);
      expect(response.json()).toMatchObject({
        code: 'RATE_LIMITED',
        message: expect.stringMatching(/^Demasiadas solicitudes\. Vuelva a intentarlo en \d+ segundos?\.$/),
      });
    } finally {
      await limited.close();
    }
  });
});

describe('one-time codes in the request language', () => {
  it('sends the code e-mail and answers send-otp and verify-otp in Spanish', async () => {
    const contact = {
      recipient: 'codigo@example.com',
      verification_type: 'email',
      practice_id: ctx.practiceIds['verifies']!,
    };
    const sent = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verify/send-otp',
      payload: contact,
      headers: es,
    });
    expect(sent.json().message).toBe('Enviamos un código de 6 dígitos a su correo electrónico.');
    const [mail] = await ctx.db.query<{ subject: string; text: string }>(
      `select subject, text from outbox_messages where recipient = 'codigo@example.com'`,
    );
    expect(mail!.subject).toBe('Su código de verificación de Clínica Verifica');
    expect(mail!.text).toMatch(/^Su código de verificación de Clínica Verifica es \d{6}\. Vence en 10 minutos\.$/);
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verify/verify-otp',
      payload: { ...contact, otp: '000000' === mail!.text.match(/\d{6}/)![0] ? '111111' : '000000' },
      headers: es,
    });
    expect(wrong.json()).toMatchObject({
      code: 'OTP_INVALID',
      message: 'Ese código no es correcto. Le quedan 4 intentos.',
    });
    const right = await ctx.app.inject({
      method: 'POST',
      url: '/api/v1/verify/verify-otp',
      payload: { ...contact, otp: mail!.text.match(/\d{6}/)![0] },
      headers: es,
    });
    expect(right.json().message).toBe('Su correo electrónico está verificado.');
  });
});

describe('the served page', () => {
  it('sets <html lang> from ?lang=, then the cookie, then Accept-Language, and varies on them', async () => {
    const byQuery = await ctx.app.inject({
      method: 'GET',
      url: '/test-practice?lang=es',
      headers: { cookie: 'lang=en' },
    });
    expect(byQuery.body).toContain('<html lang="es"');
    expect(String(byQuery.headers.vary)).toMatch(/Accept-Language, Cookie/);
    const byCookie = await ctx.app.inject({
      method: 'GET',
      url: '/test-practice',
      headers: { cookie: 'lang=es', 'accept-language': 'en' },
    });
    expect(byCookie.body).toContain('<html lang="es"');
    const byHeader = await ctx.app.inject({
      method: 'GET',
      url: '/test-practice',
      headers: { 'accept-language': 'es-MX,es;q=0.9' },
    });
    expect(byHeader.body).toContain('<html lang="es"');
    const plain = await ctx.app.inject({ method: 'GET', url: '/test-practice' });
    expect(plain.body).toContain('<html lang="en"');
  });
});
