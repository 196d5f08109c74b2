import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ClinicSchema, FormDetailsSchema, ReasonForVisitSchema } from '#domain/practice/practice-schemas.ts';
import {
  ClinicListQuerySchema,
  FormQuerySchema,
  FormUrlSchema,
  ReasonListQuerySchema,
} from '#domain/practice/practice-query-schemas.ts';
import { AppError } from '../../http/app-error.ts';
import { ok } from '../../http/request-parsing.ts';
import { varyByLanguage } from '../../http/request-language.ts';
import { answers, okResult } from '../../http/route-schemas.ts';
import { translator } from '../../i18n/translate.ts';
import * as messages from './practices.messages.ts';
import type { PracticesService } from './practices-service.ts';

const t = translator(messages);

const tags = ['practices'];
// Any text: a form URL that is no form URL is the same 404 as an unknown one, said by the handler.
const FormParamsSchema = z.object({ formUrl: z.string() });

/** Each answer carries the practice's texts in the request's language (ADR 0034), so it varies by it. */
export function registerPracticesRoutes(app: FastifyInstance, practices: PracticesService): void {
  const api = app.withTypeProvider<ZodTypeProvider>();
  const formSchema = {
    summary: "A practice's booking form: texts, rules, insurances, payment",
    tags,
    params: FormParamsSchema,
    querystring: FormQuerySchema,
    response: answers({ 200: okResult(FormDetailsSchema) }, [404]),
  };
  api.get('/form/:formUrl', { schema: formSchema }, async (request, reply) => {
    varyByLanguage(reply);
    const formUrl = FormUrlSchema.safeParse(request.params.formUrl);
    if (!formUrl.success) throw AppError.notFound(t.localized('formNotFound', { formUrl: request.params.formUrl }));
    return ok(await practices.getFormDetails(formUrl.data, request.language));
  });

  const clinicSchema = {
    summary: "A practice's clinics",
    tags,
    querystring: ClinicListQuerySchema,
    response: answers({ 200: okResult(z.array(ClinicSchema)) }, [404]),
  };
  api.get('/clinic', { schema: clinicSchema }, async (request, reply) => {
    varyByLanguage(reply);
    return ok(await practices.listClinics(request.query.practice_id, request.language));
  });

  const reasonSchema = {
    summary: "A practice's reasons for a visit, with their providers",
    tags,
    querystring: ReasonListQuerySchema,
    response: answers({ 200: okResult(z.array(ReasonForVisitSchema)) }, [404]),
  };
  api.get('/reason-for-visit', { schema: reasonSchema }, async (request, reply) => {
    varyByLanguage(reply);
    const { query } = request;
    return ok(await practices.listReasons(query.practice_id, query.pms_clinic_num, request.language));
  });
}
