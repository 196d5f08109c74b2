import type { FastifyInstance } from 'fastify';
import { createPatientBodySchema, createPatientCheckQuerySchema } from '#domain/patients/patient-schemas.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Clock } from '../../clock.ts';
import { ok, parseBody, parseQuery } from '../../http/request-parsing.ts';
import type { PatientsService } from './patients-service.ts';

/**
 * Birth dates are checked against today's date; the practice's zone is not known before the
 * practice is loaded, so UTC's date is used here (a birth date of "today" is refused either way).
 */
export function registerPatientsRoutes(app: FastifyInstance, deps: { patients: PatientsService; clock: Clock; rateLimit: object }): void {
  const today = () => localDateOf(deps.clock.now(), 'UTC');

  app.get('/patient/check', { config: { rateLimit: deps.rateLimit } }, async (request) => {
    const query = parseQuery(createPatientCheckQuerySchema(today()), request.query);
    const exists = await deps.patients.exists({ practiceId: query.practice_id, firstName: query.first_name, lastName: query.last_name, dob: query.dob });
    return ok({ exists });
  });

  app.post('/patient', { config: { rateLimit: deps.rateLimit } }, async (request, reply) => {
    const body = parseBody(createPatientBodySchema(today()), request.body);
    const patientId = await deps.patients.findOrCreate(body);
    return reply.status(201).send(ok({ patient_id: patientId }));
  });
}
