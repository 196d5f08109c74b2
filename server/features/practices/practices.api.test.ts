import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { successEnvelopeSchema } from '#domain/api/envelope-schemas.ts';
import { ClinicSchema, FormDetailsSchema, ReasonForVisitSchema } from '#domain/practice/practice-schemas.ts';
import { withTestApp } from '../../test/test-app.ts';
import { importDemoPracticesIfEmpty } from './demo-practices.ts';

const ctx = withTestApp({
  seed: async (db) => {
    await importDemoPracticesIfEmpty(db);
  },
});

async function get(url: string, headers: Record<string, string> = {}) {
  const response = await ctx.app.inject({ method: 'GET', url, headers });
  return { status: response.statusCode, body: response.json(), headers: response.headers };
}

async function formDetails(formUrl: string) {
  const { status, body } = await get(`/api/v1/form/${formUrl}`);
  expect(status).toBe(200);
  return successEnvelopeSchema(FormDetailsSchema).parse(body).result;
}

describe('GET /api/v1/form/:formUrl', () => {
  it('returns every field of the practice form details, insurance configuration included', async () => {
    const form = await formDetails('bright-smile');
    expect(form.name).toBe('Bright Smile Dental');
    expect(form.form_url).toBe('bright-smile');
    expect(form.is_accepting_patients).toBe(true);
    expect(form.to_show_insurances).toBe(true);
    expect(form.optional_insurance_fields.sort()).toEqual(['groupNumber', 'subscriberPhone']);
    expect(form.insurances.some((i) => i.inNetwork)).toBe(true);
    expect(form.insurances.some((i) => !i.inNetwork)).toBe(true);
    expect(form.accept_other_insurance).toBe(true);
    expect(form.form_customization.brand_color).toMatch(/^#[0-9a-f]{3,6}$/i);
    expect(form.publishable_key).toBeNull();
    // Operator-only settings stay on the server.
    expect(form).not.toHaveProperty('notification_email');
    expect(form).not.toHaveProperty('pms');
  });

  it('accepts the optional referrer_id', async () => {
    const { status } = await get('/api/v1/form/bright-smile?referrer_id=ref-42');
    expect(status).toBe(200);
  });

  it('answers 404 with a clear message for an unknown form', async () => {
    const { status, body } = await get('/api/v1/form/no-such-practice');
    expect(status).toBe(404);
    expect(body).toMatchObject({ success: false, code: 'NOT_FOUND' });
    expect(body.message).toContain('no-such-practice');
  });

  it('answers 404, not 500, for a form URL that could never exist', async () => {
    const { status, body } = await get(`/api/v1/form/${encodeURIComponent("Robert'); DROP TABLE practices;--")}`);
    expect(status).toBe(404);
    expect(body.success).toBe(false);
    expect((await formDetails('bright-smile')).name).toBe('Bright Smile Dental');
  });
});

describe('GET /api/v1/clinic', () => {
  it('lists the clinics of a multi-clinic practice with the spec fields', async () => {
    const form = await formDetails('smile-group');
    const { status, body } = await get(`/api/v1/clinic?practice_id=${form.id}`);
    expect(status).toBe(200);
    const clinics = successEnvelopeSchema(z.array(ClinicSchema)).parse(body).result;
    expect(clinics).toHaveLength(3);
    expect(new Set(clinics.map((c) => c.pms_clinic_num)).size).toBe(3);
    expect(Object.keys(clinics[0]!).sort()).toEqual(Object.keys(ClinicSchema.shape).sort());
  });

  it.each([
    ['missing', '/api/v1/clinic', 'practice_id is required'],
    ['malformed', '/api/v1/clinic?practice_id=abc', 'practice_id'],
  ])('answers 400 naming practice_id when it is %s', async (_case, url, text) => {
    const { status, body } = await get(url);
    expect(status).toBe(400);
    expect(body).toMatchObject({ success: false, code: 'BAD_REQUEST' });
    expect(body.message).toContain(text);
    expect(body.fields).toHaveProperty('practice_id');
  });

  it('answers 404 for a well-formed but unknown practice_id', async () => {
    const { status, body } = await get('/api/v1/clinic?practice_id=00000000-0000-4000-8000-000000000000');
    expect(status).toBe(404);
    expect(body.code).toBe('NOT_FOUND');
  });
});

describe('GET /api/v1/reason-for-visit', () => {
  it('returns active reasons with every spec field and their providers', async () => {
    const form = await formDetails('bright-smile');
    const { status, body } = await get(`/api/v1/reason-for-visit?practice_id=${form.id}`);
    expect(status).toBe(200);
    const reasons = successEnvelopeSchema(z.array(ReasonForVisitSchema)).parse(body).result;
    expect(reasons.length).toBeGreaterThanOrEqual(4);
    expect(reasons.every((r) => r.is_active)).toBe(true);
    const withChoice = reasons.find((r) => r.to_show_providers);
    expect(withChoice?.providers.length).toBe(3);
    const paid = reasons.find((r) => r.is_payment_enabled);
    expect(paid?.amount).toBe(75);
    expect(reasons.some((r) => !r.for_new_patients && r.for_returning_patients)).toBe(true);
    expect(Object.keys(withChoice!.providers[0]!).sort()).toEqual(
      [
        'pms_prov_num',
        'profile_pic',
        'provider_display_name',
        'provider_first_name',
        'provider_id',
        'provider_last_name',
      ].sort(),
    );
  });

  it('filters by clinic when pms_clinic_num is given', async () => {
    const form = await formDetails('smile-group');
    const all = successEnvelopeSchema(z.array(ReasonForVisitSchema)).parse(
      (await get(`/api/v1/reason-for-visit?practice_id=${form.id}`)).body,
    ).result;
    const clinics = successEnvelopeSchema(z.array(ClinicSchema)).parse(
      (await get(`/api/v1/clinic?practice_id=${form.id}`)).body,
    ).result;
    const counts = await Promise.all(
      clinics.map(async (clinic) => {
        const { body } = await get(
          `/api/v1/reason-for-visit?practice_id=${form.id}&pms_clinic_num=${clinic.pms_clinic_num}`,
        );
        return successEnvelopeSchema(z.array(ReasonForVisitSchema)).parse(body).result.length;
      }),
    );
    expect(Math.min(...counts)).toBeLessThan(all.length);
  });

  it('answers 400 naming pms_clinic_num when it is not a number', async () => {
    const form = await formDetails('smile-group');
    const { status, body } = await get(`/api/v1/reason-for-visit?practice_id=${form.id}&pms_clinic_num=first`);
    expect(status).toBe(400);
    expect(body.message).toContain('pms_clinic_num');
  });
});

describe("the practice's own texts in the request's language (ADR 0034)", () => {
  const spanish = { 'accept-language': 'es-MX,es;q=0.9,en;q=0.5' };
  const formOf = (body: unknown) => successEnvelopeSchema(FormDetailsSchema).parse(body).result;
  const reasonsOf = (body: unknown) => successEnvelopeSchema(z.array(ReasonForVisitSchema)).parse(body).result;
  const clinicsOf = (body: unknown) => successEnvelopeSchema(z.array(ClinicSchema)).parse(body).result;

  it('gives the form details in Spanish, with the English where the practice gives no Spanish', async () => {
    const { body, headers } = await get('/api/v1/form/bright-smile', spanish);
    const form = formOf(body);
    expect(form.description).toBe(
      'Odontología familiar y estética en el centro de Austin. Aceptamos pacientes nuevos.',
    );
    expect(form.info_for_patient).toBe(
      'Por favor, llegue 10 minutos antes y traiga una identificación con foto y su tarjeta del seguro.',
    );
    expect(form.no_insurance_message).toBe('¿No tiene seguro? Pregúntenos por nuestro plan de ahorro propio.');
    expect(form.out_of_network_insurance_message).toMatch(/^Este plan está fuera de nuestra red\./);
    expect(form.other_insurance_message).toMatch(/^Revisaremos su cobertura/);
    // Not translatable: the practice's name and its insurers read the same in every language.
    expect(form.name).toBe('Bright Smile Dental');
    expect(form.insurances.map((i) => i.insuranceName)).toContain('Delta Dental');
    expect(form).not.toHaveProperty('translations');
    expect(headers.vary).toMatch(/accept-language/i);
  });

  it('gives English without a language, for English, and for a language the product does not speak', async () => {
    for (const headers of [{}, { 'accept-language': 'en-US' }, { 'accept-language': 'fr-FR' }] as Record<
      string,
      string
    >[]) {
      const form = formOf((await get('/api/v1/form/bright-smile', headers)).body);
      expect(form.description).toBe('Friendly family and cosmetic dentistry in downtown Austin. New patients welcome.');
      expect(form.info_for_patient).toBe(
        'Please arrive 10 minutes early and bring a photo ID and your insurance card.',
      );
    }
  });

  it('varies by language on a refusal too', async () => {
    const { status, headers } = await get('/api/v1/form/no-such-practice', spanish);
    expect(status).toBe(404);
    expect(headers.vary).toMatch(/accept-language/i);
  });

  it("follows Accept-Language (the web sets it), then the patient's choice in the lang cookie (ADR 0034)", async () => {
    const byCookie = formOf((await get('/api/v1/form/bright-smile', { cookie: 'theme=dark; lang=es' })).body);
    expect(byCookie.description).toMatch(/^Odontología familiar/);
    const byHeader = formOf(
      (await get('/api/v1/form/bright-smile', { cookie: 'lang=es', 'accept-language': 'en' })).body,
    );
    expect(byHeader.description).toMatch(/^Friendly family/);
  });

  it('names the reasons in Spanish, in the same order with the same ids', async () => {
    const form = await formDetails('bright-smile');
    const english = reasonsOf((await get(`/api/v1/reason-for-visit?practice_id=${form.id}`)).body);
    const { body, headers } = await get(`/api/v1/reason-for-visit?practice_id=${form.id}`, spanish);
    const reasons = reasonsOf(body);
    expect(reasons.map((r) => r.id)).toEqual(english.map((r) => r.id));
    expect(reasons.map((r) => r.name)).toEqual([
      'Examen para paciente nuevo',
      'Limpieza dental',
      'Visita de seguimiento',
      'Consulta de blanqueamiento dental',
    ]);
    expect(english.map((r) => r.name)).toEqual([
      'New Patient Exam',
      'Cleaning',
      'Follow-up Visit',
      'Teeth Whitening Consultation',
    ]);
    expect(reasons[0]).not.toHaveProperty('translations');
    expect(headers.vary).toMatch(/accept-language/i);
  });

  it("gives the clinics' texts in Spanish where given, and the English of the others", async () => {
    const form = await formDetails('smile-group');
    const { body, headers } = await get(`/api/v1/clinic?practice_id=${form.id}`, spanish);
    const clinics = clinicsOf(body);
    expect(clinics.map((c) => c.display_location)).toEqual([
      'Manhattan',
      'Brooklyn',
      'Chicago (horarios en hora del Este)',
    ]);
    expect(clinics.map((c) => c.display_name)).toEqual([
      'Smile Group Midtown',
      'Smile Group Brooklyn',
      'Smile Group Chicago Loop',
    ]);
    expect(Object.keys(clinics[0]!).sort()).toEqual(Object.keys(ClinicSchema.shape).sort());
    expect(headers.vary).toMatch(/accept-language/i);
    const english = clinicsOf((await get(`/api/v1/clinic?practice_id=${form.id}`)).body);
    expect(english[2]!.display_location).toBe('Chicago (times shown in Eastern Time)');
  });
});
