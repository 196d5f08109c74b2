import { queryOptions } from '@tanstack/react-query';
import {
  StaffMemberSchema,
  StaffMembersSchema,
  type InviteMemberBody,
  type StaffMember,
  type UpdateMemberBody,
} from '#domain/staff/staff-accounts-schemas.ts';
import { apiRequest, apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';

const memberPath = (id: string) => `/staff/members/${encodeURIComponent(id)}`;

/** `GET /api/v1/staff/members` (owners): the practice's own accounts; the security page reads it too. */
export function staffMembersQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['staff-members', practiceId] as const,
    queryFn: async ({ signal }) =>
      (await apiResult({ path: '/staff/members', result: StaffMembersSchema, signal })).members,
  });
}

/** `POST /api/v1/staff/members`: a 409 when the e-mail has an account; the link goes out by e-mail. */
export async function inviteMember(csrfToken: string, body: InviteMemberBody): Promise<StaffMember> {
  return apiResult({
    method: 'POST',
    path: '/staff/members',
    result: StaffMemberSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

/**
 * `PATCH /api/v1/staff/members/{id}`: a role or active; the server refuses (409) to leave the practice
 * without an active owner.
 */
export async function updateMember(csrfToken: string, id: string, body: UpdateMemberBody): Promise<StaffMember> {
  return (
    await apiRequest({
      method: 'PATCH',
      path: memberPath(id),
      result: StaffMemberSchema,
      body,
      headers: csrfHeader(csrfToken),
    })
  ).result;
}

/**
 * `POST /api/v1/staff/members/{id}/second-factor-reset`: the member's authenticator and recovery codes
 * go, their sessions end.
 */
export async function resetSecondFactor(csrfToken: string, id: string): Promise<StaffMember> {
  return apiResult({
    method: 'POST',
    path: `${memberPath(id)}/second-factor-reset`,
    result: StaffMemberSchema,
    headers: csrfHeader(csrfToken),
  });
}
