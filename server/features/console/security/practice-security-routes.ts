import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PracticeSecuritySchema, type PracticeSecurity } from '#domain/staff/staff-accounts-schemas.ts';
import { PracticeSecurityBodySchema } from '#domain/staff/staff-session-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { AppError } from '../../../http/app-error.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import {
  findPracticeSecurity,
  type PracticeSecurityRow,
  updatePracticeSecurity,
} from './practice-security-repository.ts';

const view = (row: PracticeSecurityRow): PracticeSecurity => ({
  idle_minutes: row.staff_idle_minutes,
  require_totp: row.staff_requires_totp,
});

const security = okResult(PracticeSecuritySchema);
const SCHEMAS = {
  read: {
    summary: "The practice's idle timeout and second-factor rule",
    tags: ['staff'],
    response: answers({ 200: security }, [...STAFF_ERRORS, 404]),
  },
  change: {
    summary: "Changes the practice's idle timeout and second-factor rule",
    tags: ['staff'],
    body: PracticeSecurityBodySchema,
    response: answers({ 200: security }, [...STAFF_ERRORS, ...BODY_ERRORS, 404]),
  },
};

/**
 * `/api/v1/staff/practice/security`: how long an idle session lives and whether a second factor
 * is required. The guard reads both from the practice on every request, so a change holds for
 * sessions already open.
 */
export function registerPracticeSecurityRoutes(app: FastifyInstance, deps: { db: Database; clock: Clock }): void {
  const { db } = deps;
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const rule = { config: { staff: { permission: 'security' as const } } };

  const current = async (practiceId: string) => {
    const row = await findPracticeSecurity(db, practiceId);
    if (!row) throw AppError.notFound('No such practice.');
    return row;
  };

  staff.get('/practice/security', { ...rule, schema: SCHEMAS.read }, async (request) =>
    ok(view(await current(staffOf(request).practiceId))),
  );

  staff.put('/practice/security', { ...rule, schema: SCHEMAS.change }, async (request) => {
    const me = staffOf(request);
    const { body } = request;
    const before = view(await current(me.practiceId));
    await db.transaction(async (tx) => {
      await updatePracticeSecurity(tx, me.practiceId, {
        idleMinutes: body.idle_minutes,
        requiresTotp: body.require_totp,
      });
      await audit(
        request,
        deps,
        {
          action: 'practice.security',
          targetType: 'practice',
          targetId: me.practiceId,
          details: { before, after: body },
        },
        tx,
      );
    });
    return ok(view(await current(me.practiceId)));
  });
}
