import { queryOptions, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { z } from 'zod';
import { AvailabilityListSchema, type SlotList } from '#domain/availability/availability-schemas.ts';
import {
  ManagedAppointmentSchema,
  manageApiPath,
  type CancelBody,
  type ManagedAppointment,
  type RescheduleBody,
} from '#domain/booking/manage-schemas.ts';
import type { Language } from '#domain/i18n/languages.ts';
import { PRACTICE_DATA_ELEMENT_ID } from '#domain/practice/practice-page-data.ts';
import { API_BASE, apiGet, apiRequest } from '../../../lib/api-client.ts';
import type { SlotSource } from '../api/slots-api.ts';

/** The manage API's paths without the API base, for the one API client. */
const path = (...args: Parameters<typeof manageApiPath>) => manageApiPath(...args).slice(API_BASE.length);

export const MANAGE_QUERY_ROOT = 'managed-appointment';

/**
 * `GET appointment/manage/{token}`: never kept stale, the policy's answer depends on the minute. On a page
 * the server rendered, its first data is the server's answer (ADR 0072), fetched again at once.
 */
export function managedAppointmentQuery(token: string, language: Language) {
  return queryOptions({
    queryKey: [MANAGE_QUERY_ROOT, token, language] as const,
    queryFn: () => apiGet(path(token), ManagedAppointmentSchema),
    initialData: () => takeServerAppointment(token, language),
    staleTime: 0,
    retry: false,
  });
}

const ServerManageSchema = z.object({ token: z.string(), appointment: ManagedAppointmentSchema });

/** The server's part of a manage page's data element, parsed; null when the page carries none that parses. */
function parseServerManage(data: { manage?: unknown }) {
  const parsed = ServerManageSchema.safeParse(data.manage);
  return parsed.success ? parsed.data : null;
}

/** In the server build: the booking the page is rendered with, where its query looks for it (ADR 0072). */
export function seedManagePage(queryClient: QueryClient, data: { manage?: unknown }, language: Language): void {
  const manage = parseServerManage(data);
  if (manage) queryClient.setQueryData(managedAppointmentQuery(manage.token, language).queryKey, manage.appointment);
}

let serverAppointment: { token: string; language: Language; appointment: ManagedAppointment } | null | undefined;

/**
 * In the browser: the booking the server rendered this page with, so hydration renders what the server did.
 * Given once, for the page's own token and language: a later query (another language, a visit after the
 * cache forgot it) fetches instead of showing what the page was first sent. The data element is read here,
 * in the manage page's chunk, so the entry carries none of this.
 */
function takeServerAppointment(token: string, language: Language): ManagedAppointment | undefined {
  if (serverAppointment === undefined) serverAppointment = readServerAppointment();
  if (!serverAppointment || serverAppointment.token !== token || serverAppointment.language !== language) return;
  const { appointment } = serverAppointment;
  serverAppointment = null;
  return appointment;
}

function readServerAppointment() {
  if (typeof document === 'undefined') return null;
  try {
    const text = document.getElementById(PRACTICE_DATA_ELEMENT_ID)?.textContent;
    const manage = text ? parseServerManage(JSON.parse(text) as { manage?: unknown }) : null;
    return manage && { ...manage, language: document.documentElement.lang as Language };
  } catch {
    // Not JSON: the query fetches the booking.
    return null;
  }
}

/** The slot list of a move: the booking's own time counts as free; never cached, like the server's. */
export function manageSlotSource(token: string, provNum: number): SlotSource {
  return (range) =>
    queryOptions({
      queryKey: ['manage-slots', token, provNum, range.startDate, range.endDate, range.language] as QueryKey,
      queryFn: async (): Promise<SlotList> => ({
        records: await apiGet(path(token, 'slots'), AvailabilityListSchema, {
          start_date: range.startDate,
          end_date: range.endDate,
          pms_prov_num: provNum > 0 ? provNum : null,
        }),
        staleSince: null,
      }),
      staleTime: 0,
      retry: false,
    });
}

export async function rescheduleAppointment(
  token: string,
  body: RescheduleBody,
  idempotencyKey: string,
): Promise<ManagedAppointment> {
  return (
    await apiRequest({
      method: 'POST',
      path: path(token, 'reschedule'),
      result: ManagedAppointmentSchema,
      body,
      headers: { 'Idempotency-Key': idempotencyKey },
    })
  ).result;
}

export async function cancelAppointment(token: string, body: CancelBody): Promise<ManagedAppointment> {
  return (await apiRequest({ method: 'POST', path: path(token, 'cancel'), result: ManagedAppointmentSchema, body }))
    .result;
}

/** The patient says they will come (ADR 0037); again is no error. */
export async function confirmAppointment(token: string): Promise<ManagedAppointment> {
  return (
    await apiRequest({ method: 'POST', path: path(token, 'confirm'), result: ManagedAppointmentSchema, body: {} })
  ).result;
}

/** A checkout for a booking left unpaid: the browser goes to its `url`. */
export async function startManagedCheckout(token: string): Promise<{ session_id: string; url: string }> {
  return (
    await apiRequest({
      method: 'POST',
      path: path(token, 'checkout'),
      result: z.object({ session_id: z.string(), url: z.string() }),
      body: {},
    })
  ).result;
}
