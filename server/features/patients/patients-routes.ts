import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  createPatientBodySchema,
  createPatientCheckQuerySchema,
  PatientCheckResultSchema,
  PatientResultSchema,
} from '#domain/patients/patient-schemas.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, datedSchema, okResult } from '../../http/route-schemas.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './patients.messages.ts';

const t = translator(messages);

import { patientIdentityKey, type PatientIdentityFields } from './patient-identity-key.ts';
import type { PatientsService } from './patients-service.ts';

type Limit = { max: number; timeWindow: number };

/**
 * Birth dates are checked against today's date; the practice's zone is not known before the
 * practice is loaded, so UTC's date is used here (a birth date of "today" is refused either way).
 * Both routes are limited per address (before anything is read) and, once the request is valid,
 * per identity: one counter per practice, name and birth date, shared by both routes (ADR 0027).
 */
export function registerPatientsRoutes(
  app: FastifyInstance,
  deps: { patients: PatientsService; rateLimit: Limit; identityLimit: Limit },
): void {
  const identityKeys = new WeakMap<FastifyRequest, string>();
  // createRateLimit, not rateLimit: the plugin runs one rateLimit handler per request, and the
  // route's per-address limit has already run.
  const countIdentity = app.createRateLimit({
    ...deps.identityLimit,
    keyGenerator: (request) => identityKeys.get(request) ?? '',
  });
  const limitIdentity = async (request: FastifyRequest, reply: FastifyReply, identity: PatientIdentityFields) => {
    identityKeys.set(request, patientIdentityKey(identity));
    const counted = await countIdentity(request);
    if (!counted.isAllowed && counted.isExceeded) {
      reply.header('retry-after', String(counted.ttlInSeconds));
      throw new AppError(
        429,
        'RATE_LIMITED',
        t.localized('tooManyForPatient', { minutes: Math.ceil(counted.ttlInSeconds / 60) }),
      );
    }
  };

  const api = app.withTypeProvider<ZodTypeProvider>();
  const checkSchema = {
    summary: 'Whether a patient of that name and birth date is known to the practice',
    tags: ['patients'],
    querystring: datedSchema(createPatientCheckQuerySchema),
    response: answers({ 200: okResult(PatientCheckResultSchema) }, [404]),
  };
  api.get('/patient/check', { schema: checkSchema, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const { query } = request;
    await limitIdentity(request, reply, query);
    const exists = await deps.patients.exists({
      practiceId: query.practice_id,
      firstName: query.first_name,
      lastName: query.last_name,
      dob: query.dob,
    });
    return ok({ exists });
  });

  const createSchema = {
    summary: 'Records a new patient',
    tags: ['patients'],
    body: datedSchema(createPatientBodySchema),
    response: answers({ 201: okResult(PatientResultSchema) }, [...BODY_ERRORS, 404, 409]),
  };
  api.post('/patient', { schema: createSchema, config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const { body } = request;
    await limitIdentity(request, reply, body);
    const patientId = await deps.patients.create(body);
    return reply.status(201).send(ok({ patient_id: patientId }));
  });
}
