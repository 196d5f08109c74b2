import type { FastifyInstance } from 'fastify';
import {
  ClinicListQuerySchema,
  FormQuerySchema,
  FormUrlSchema,
  ReasonListQuerySchema,
} from '#domain/practice/practice-query-schemas.ts';
import { AppError } from '../../http/app-error.ts';
import { ok, parseQuery } from '../../http/request-parsing.ts';
import { varyByLanguage } from '../../http/request-language.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './practices.messages.ts';
import type { PracticesService } from './practices-service.ts';

const t = translator(messages);

/** Each answer carries the practice's texts in the request's language (ADR 0034), so it varies by it. */
export function registerPracticesRoutes(app: FastifyInstance, practices: PracticesService): void {
  app.get<{ Params: { formUrl: string } }>('/form/:formUrl', async (request, reply) => {
    varyByLanguage(reply);
    parseQuery(FormQuerySchema, request.query);
    const formUrl = FormUrlSchema.safeParse(request.params.formUrl);
    if (!formUrl.success) throw AppError.notFound(t.localized('formNotFound', { formUrl: request.params.formUrl }));
    return ok(await practices.getFormDetails(formUrl.data, request.language));
  });

  app.get('/clinic', async (request, reply) => {
    varyByLanguage(reply);
    const query = parseQuery(ClinicListQuerySchema, request.query);
    return ok(await practices.listClinics(query.practice_id, request.language));
  });

  app.get('/reason-for-visit', async (request, reply) => {
    varyByLanguage(reply);
    const query = parseQuery(ReasonListQuerySchema, request.query);
    return ok(await practices.listReasons(query.practice_id, query.pms_clinic_num, request.language));
  });
}
