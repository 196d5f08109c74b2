import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  InviteMemberBodySchema,
  StaffMemberSchema,
  StaffMembersSchema,
  UpdateMemberBodySchema,
} from '#domain/staff/staff-accounts-schemas.ts';
import type { Clock } from '../../../clock.ts';
import type { Database } from '../../../db/database.ts';
import { ok } from '../../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../../http/route-schemas.ts';
import { pathId } from '../staff-path-id.ts';
import { audit, STAFF_ERRORS, staffOf } from '../staff-session-guard.ts';
import { createStaffMembers, NO_SUCH_MEMBER } from './staff-members-service.ts';

const tags = ['staff'];
// Any text: an id that is none is the same 404 as an unknown one (staff-path-id.ts).
const params = z.object({ id: z.string() });
const member = okResult(StaffMemberSchema);
const SCHEMAS = {
  list: {
    summary: "The practice's staff",
    tags,
    response: answers({ 200: okResult(StaffMembersSchema) }, STAFF_ERRORS),
  },
  invite: {
    summary: 'Invites a member (a password link by e-mail)',
    tags,
    body: InviteMemberBodySchema,
    response: answers({ 201: member }, [...STAFF_ERRORS, ...BODY_ERRORS, 409]),
  },
  update: {
    summary: "Changes a member's role, or deactivates or reactivates them",
    tags,
    params,
    body: UpdateMemberBodySchema,
    response: answers({ 200: member }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
  reset: {
    summary: "Ends a member's second factor and sessions",
    tags,
    params,
    response: answers({ 200: member }, [...STAFF_ERRORS, 404, 409]),
  },
};

/** `/api/v1/staff/members`: an owner lists, invites, re-roles, deactivates and reactivates the practice's staff. */
export function registerStaffMemberRoutes(
  app: FastifyInstance,
  deps: { db: Database; clock: Clock; publicUrl: string },
): void {
  const rule = { config: { staff: { permission: 'staff' as const } } };
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const membersFor = (request: FastifyRequest) =>
    createStaffMembers({ ...deps, audit: (entry, tx) => audit(request, deps, entry, tx) });

  staff.get('/members', { ...rule, schema: SCHEMAS.list }, async (request) =>
    ok({ members: await membersFor(request).list(staffOf(request)) }),
  );

  staff.post('/members', { ...rule, schema: SCHEMAS.invite }, async (request, reply) => {
    return reply.status(201).send(ok(await membersFor(request).invite(staffOf(request), request.body)));
  });

  staff.patch('/members/:id', { ...rule, schema: SCHEMAS.update }, async (request) => {
    const id = pathId(request.params.id, NO_SUCH_MEMBER);
    return ok(await membersFor(request).update(staffOf(request), id, request.body));
  });

  // The member lost their authenticator app: their second factor and sessions end (a 409 when they have none).
  staff.post('/members/:id/second-factor-reset', { ...rule, schema: SCHEMAS.reset }, async (request) => {
    const id = pathId(request.params.id, NO_SUCH_MEMBER);
    return ok(await membersFor(request).resetSecondFactor(staffOf(request), id));
  });
}
