import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  SettingsExportSchema,
  SettingsHistorySchema,
  SettingsPreviewBodySchema,
  SettingsPreviewSchema,
  SettingsSaveBodySchema,
  SettingsSavedSchema,
  SettingsViewSchema,
} from '#domain/staff/staff-settings-schemas.ts';
import { ok } from '../../http/request-parsing.ts';
import { answers, BODY_ERRORS, okResult } from '../../http/route-schemas.ts';
import { audit, STAFF_ERRORS, staffOf } from '../console/staff-session-guard.ts';
import { listSettingsHistory } from '../practices/practice-settings-versions.ts';
import { previewSettings } from './settings-preview.ts';
import { exportSettings, readSettings, saveSettings, type SettingsDeps } from './settings-service.ts';

const tags = ['staff'];
const SCHEMAS = {
  read: {
    summary: "The practice's settings as its practice file spells them, with their version",
    tags,
    response: answers({ 200: okResult(SettingsViewSchema) }, [...STAFF_ERRORS, 404]),
  },
  save: {
    summary: "Saves the practice's settings (owners: all; front desk: closures and time off)",
    tags,
    body: SettingsSaveBodySchema,
    response: answers({ 200: okResult(SettingsSavedSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
  preview: {
    summary: "One day's slots under settings not saved yet",
    tags,
    body: SettingsPreviewBodySchema,
    response: answers({ 200: okResult(SettingsPreviewSchema) }, [...STAFF_ERRORS, ...BODY_ERRORS, 404, 409]),
  },
  history: {
    summary: "The practice's saved settings changes, newest first",
    tags,
    response: answers({ 200: okResult(SettingsHistorySchema) }, [...STAFF_ERRORS]),
  },
  export: {
    summary: 'The practice as a practice file for practice:import, with its version and without secrets',
    tags,
    response: answers({ 200: okResult(SettingsExportSchema) }, [...STAFF_ERRORS, 404]),
  },
};

/**
 * `/api/v1/staff/settings` (ADR 0079): the practice's settings, checked by the practice file's own rules.
 * Everyone with the schedule may read and save them (a front desk's save may touch only closures and time
 * off, settings-service.ts); the history and the export are the owners'.
 */
export function registerSettingsRoutes(app: FastifyInstance, deps: SettingsDeps): void {
  const staff = app.withTypeProvider<ZodTypeProvider>();
  const schedule = { config: { staff: { permission: 'schedule' as const } } };
  const owners = { config: { staff: { permission: 'settings' as const } } };

  staff.get('/settings', { ...schedule, schema: SCHEMAS.read }, async (request) =>
    ok(await readSettings(deps.db, staffOf(request).practiceId)),
  );

  staff.put('/settings', { ...schedule, schema: SCHEMAS.save }, async (request) => {
    const me = staffOf(request);
    const saved = await saveSettings(
      deps,
      { practiceId: me.practiceId, email: me.email, role: me.role },
      request.body,
      (tx, changes) =>
        audit(
          request,
          deps,
          {
            action: 'practice.settings',
            targetType: 'practice',
            targetId: me.practiceId,
            details: { paths: changes.map((change) => change.path) },
          },
          tx,
        ),
    );
    return ok(saved);
  });

  staff.post('/settings/preview', { ...schedule, schema: SCHEMAS.preview }, async (request) =>
    ok(await previewSettings(deps, staffOf(request).practiceId, request.body)),
  );

  staff.get('/settings/history', { ...owners, schema: SCHEMAS.history }, async (request) => {
    const rows = await listSettingsHistory(deps.db, staffOf(request).practiceId);
    return ok(
      rows.map((row) => ({ at: row.at.toISOString(), by: row.by, version: row.version, changes: row.changes })),
    );
  });

  staff.get('/settings/export', { ...owners, schema: SCHEMAS.export }, async (request) =>
    ok(await exportSettings(deps.db, staffOf(request).practiceId)),
  );
}
