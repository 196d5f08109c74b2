import { queryOptions } from '@tanstack/react-query';
import {
  SettingsExportSchema,
  SettingsHistorySchema,
  SettingsPreviewSchema,
  SettingsSavedSchema,
  SettingsViewSchema,
  type SettingsSaved,
} from '#domain/staff/staff-settings-schemas.ts';
import { OpenDentalRefreshSchema, type OpenDentalRefresh } from '#domain/staff/opendental-status-schemas.ts';
import type { AvailabilityRecord } from '#domain/availability/availability-schemas.ts';
import { apiResult } from '../../../lib/api-client.ts';
import { csrfHeader } from '../console-request.ts';
import type { SettingsDocument } from './settings-document.ts';

/** `GET /api/v1/staff/settings` (ADR 0079): the practice file's shape, with the version a save must name. */
export function settingsQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['settings', practiceId] as const,
    queryFn: async ({ signal }) => {
      const view = await apiResult({ path: '/staff/settings', result: SettingsViewSchema, signal });
      return { version: view.version, practice: view.practice as unknown as SettingsDocument };
    },
  });
}

/** `GET /api/v1/staff/settings/history` (owners): who changed which paths, newest first. */
export function settingsHistoryQuery(practiceId: string) {
  return queryOptions({
    queryKey: ['settings-history', practiceId] as const,
    queryFn: async ({ signal }) =>
      apiResult({ path: '/staff/settings/history', result: SettingsHistorySchema, signal }),
  });
}

export interface SaveRequest {
  version: number;
  practice: SettingsDocument;
  confirmStranded: boolean;
}

/** `PUT /api/v1/staff/settings`: the whole document with the version it was loaded at. */
export async function saveSettings(csrfToken: string, request: SaveRequest): Promise<SettingsSaved> {
  const body = { version: request.version, practice: request.practice, confirm_stranded: request.confirmStranded };
  return apiResult({
    method: 'PUT',
    path: '/staff/settings',
    result: SettingsSavedSchema,
    body,
    headers: csrfHeader(csrfToken),
  });
}

/** `POST /api/v1/staff/settings/preview`: one day's slots under the unsaved document; nothing is written. */
export async function previewSettings(
  csrfToken: string,
  practice: SettingsDocument,
  date: string,
): Promise<AvailabilityRecord[]> {
  return apiResult({
    method: 'POST',
    path: '/staff/settings/preview',
    result: SettingsPreviewSchema,
    body: { practice, date },
    headers: csrfHeader(csrfToken),
  });
}

/** `GET /api/v1/staff/settings/export`, handed to the browser as a file to keep. */
export async function downloadSettingsExport(formUrl: string): Promise<void> {
  const file = await apiResult({ path: '/staff/settings/export', result: SettingsExportSchema });
  const url = URL.createObjectURL(new Blob([JSON.stringify(file, null, 2)], { type: 'application/json' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = `${formUrl}-practice.json`;
  link.click();
  URL.revokeObjectURL(url);
}

/**
 * `POST /api/v1/staff/opendental/refresh` (owners, ADR 0084): asks for the mirror to be read again now; the 202
 * says when it was queued, and the status route shows the pass's result.
 */
export function requestOpenDentalRefresh(csrfToken: string): Promise<OpenDentalRefresh> {
  return apiResult({
    method: 'POST',
    path: '/staff/opendental/refresh',
    result: OpenDentalRefreshSchema,
    headers: csrfHeader(csrfToken),
  });
}
