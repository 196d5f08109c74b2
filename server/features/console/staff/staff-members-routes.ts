import type { FastifyInstance, FastifyRequest } from 'fastify';
import { InviteMemberBodySchema, UpdateMemberBodySchema } from '#domain/staff/staff-accounts-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { ok, parseBody } from '../../../http/request-parsing.ts';
import { pathId } from '../staff-path-id.ts';
import { audit, staffOf } from '../staff-session-guard.ts';
import { createStaffMembers, NO_SUCH_MEMBER } from './staff-members-service.ts';

/** `/api/v1/staff/members`: an owner lists, invites, re-roles, deactivates and reactivates the practice's staff. */
export function registerStaffMemberRoutes(
  staff: FastifyInstance,
  deps: { db: Database; clock: Clock; publicUrl: string },
): void {
  const rule = { config: { staff: { permission: 'staff' as const } } };
  const membersFor = (request: FastifyRequest) =>
    createStaffMembers({ ...deps, audit: (entry, tx) => audit(request, deps, entry, tx) });

  staff.get('/members', rule, async (request) => ok({ members: await membersFor(request).list(staffOf(request)) }));

  staff.post('/members', rule, async (request, reply) => {
    const body = parseBody(InviteMemberBodySchema, request.body);
    return reply.status(201).send(ok(await membersFor(request).invite(staffOf(request), body)));
  });

  staff.patch<{ Params: { id: string } }>('/members/:id', rule, async (request) => {
    const body = parseBody(UpdateMemberBodySchema, request.body);
    const id = pathId(request.params.id, NO_SUCH_MEMBER);
    return ok(await membersFor(request).update(staffOf(request), id, body));
  });

  // The member lost their authenticator app: their second factor and sessions end (a 409 when they have none).
  staff.post<{ Params: { id: string } }>('/members/:id/second-factor-reset', rule, async (request) => {
    const id = pathId(request.params.id, NO_SUCH_MEMBER);
    return ok(await membersFor(request).resetSecondFactor(staffOf(request), id));
  });
}
