import type { BookingActor } from '#domain/booking/booking-events.ts';
import { asImported, diffPracticeConfigs, type SettingChange } from '#domain/practice/practice-config-diff.ts';
import { PracticeConfigSchema, type PracticeConfig } from '#domain/practice/practice-config-schema.ts';
import type { Queryable } from '../../db/database.ts';
import { recordPracticeEvent } from '../bookings/booking-lifecycle-steps.ts';
import { readStoredPracticeFile } from './practice-export-repository.ts';
import { lockPracticeImport } from './practice-import-repository.ts';
import {
  insertSettingsChange,
  listSettingsChanges,
  lockSettingsVersion,
  setSettingsVersion,
  type SettingsChangeRow,
} from './practice-settings-repository.ts';

/** Who saves settings: the history's name for them, and the practice event's actor (ADR 0069, ADR 0079). */
export interface SettingsAuthor {
  by: string;
  actor: BookingActor;
  at: Date;
}

export const IMPORT_AUTHOR = (at: Date): SettingsAuthor => ({ by: 'practice:import', actor: { kind: 'system' }, at });

/** A file older than the stored settings that would change them: importing it would undo newer changes. */
export class PracticeFileOutdated extends Error {
  constructor(
    readonly formUrl: string,
    readonly fileVersion: number,
    readonly storedVersion: number,
    readonly changes: SettingChange[],
  ) {
    super(
      `practice "${formUrl}": the file is version ${fileVersion}, the database is at version ${storedVersion}; ` +
        `importing it would change ${changes.map((c) => c.path).join(', ')}. ` +
        'Export the practice again, or import with --force to overwrite the newer settings',
    );
  }
}

/** The stored practice before a change, and the file as it will be written (a left-out secret kept). */
export interface SettingsBefore {
  version: number | null;
  stored: PracticeConfig | null;
  practice: PracticeConfig;
  changes: SettingChange[];
}

/**
 * What importing `practice` over the stored one changes (ADR 0079). An Open Dental key left out (exports
 * carry none) keeps the stored one. A file older than the stored version that changes anything is
 * refused unless forced; one that changes nothing is fine at any version.
 */
export async function compareWithStored(
  tx: Queryable,
  practiceId: string | null,
  file: PracticeConfig,
  options: { force?: boolean } = {},
): Promise<SettingsBefore> {
  const version = practiceId ? await lockSettingsVersion(tx, practiceId) : null;
  const storedFile = practiceId ? await readStoredPracticeFile(tx, practiceId) : null;
  const parsed = storedFile ? PracticeConfigSchema.safeParse(storedFile.practice) : null;
  const stored = parsed?.success ? parsed.data : null;
  const practice = withStoredSecret(file, storedFile?.practice.pms);
  if (version === null) return { version, stored, practice, changes: [] };
  // Rows the rules no longer accept (from before a rule) cannot be compared: the whole file counts as changed.
  const changes = stored
    ? diffPracticeConfigs(stored, asImported(practice, stored))
    : [{ path: 'file', before: null, after: null }];
  if (practice.version < version && changes.length > 0 && !options.force)
    throw new PracticeFileOutdated(practice.form_url, practice.version, version, changes);
  return { version, stored, practice, changes };
}

function withStoredSecret(file: PracticeConfig, storedPms: unknown): PracticeConfig {
  if (file.pms.type !== 'opendental' || file.pms.customer_key) return file;
  const key = (storedPms as { customer_key?: string } | undefined)?.customer_key;
  if (!key) throw new Error(`practice "${file.form_url}": pms.customer_key is required for a new Open Dental practice`);
  return { ...file, pms: { type: 'opendental', customer_key: key } };
}

/**
 * After the writes: a new practice takes the file's version. A change is a history row and a practice event
 * in the same transaction, so the slot caches of every process hear of it (ADR 0069), and a version: the
 * next one when `bump` (a console save, a forced import of an older file), else the file's when higher. An
 * operator's file without a version keeps importing over a practice nobody changed from the console
 * (ADR 0079). Returns the version now stored.
 */
export async function recordSettingsChange(
  tx: Queryable,
  practiceId: string,
  before: SettingsBefore,
  author: SettingsAuthor & { bump: boolean },
): Promise<number> {
  if (before.version === null) {
    await setSettingsVersion(tx, practiceId, before.practice.version);
    return before.practice.version;
  }
  if (before.changes.length === 0) return before.version;
  const version = author.bump ? before.version + 1 : Math.max(before.practice.version, before.version);
  await setSettingsVersion(tx, practiceId, version);
  await insertSettingsChange(tx, { practiceId, version, at: author.at, by: author.by, changes: before.changes });
  await recordPracticeEvent(tx, {
    practiceId,
    type: 'practice.changed',
    actor: author.actor,
    details: { version, paths: before.changes.map((c) => c.path) },
    at: author.at,
  });
  return version;
}

/** The stored practice as its practice file, with its version (the settings feature's read, ADR 0073). */
export const readPracticeFile = (db: Queryable, practiceId: string) => readStoredPracticeFile(db, practiceId);

/** The practice's settings history, newest first. */
export const listSettingsHistory = (db: Queryable, practiceId: string): Promise<SettingsChangeRow[]> =>
  listSettingsChanges(db, practiceId);

/** One writer of practice settings at a time, imports and console saves alike. */
export const lockPracticeSettings = (tx: Queryable) => lockPracticeImport(tx);
