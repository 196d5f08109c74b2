import { readFile } from 'node:fs/promises';
import {
  parsePracticeConfigFile,
  type PracticeConfig,
  type PracticeConfigFile,
  type PracticeConfigParseResult,
} from '#domain/practice/practice-config-schema.ts';
import { findDeploymentProblems, type DeploymentOffers } from '#domain/practice/practice-deployment-rules.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { syncClosures, syncSchedules, syncTimeOff } from './practice-calendar-repository.ts';
import {
  deactivateMissing,
  findPracticeIdByFormUrl,
  listReasonIdsByName,
  lockPracticeImport,
  replaceReasonLinks,
  upsertRow,
} from './practice-import-repository.ts';
import { NOT_PRACTICE_COLUMNS } from './practice-export-repository.ts';
import {
  compareWithStored,
  IMPORT_AUTHOR,
  recordSettingsChange,
  type SettingsAuthor,
} from './practice-settings-versions.ts';

export interface ImportedPractice {
  form_url: string;
  practice_id: string;
  /** false: the practice existed and was brought in line with the file (possibly unchanged). */
  created: boolean;
  /** Its settings version after the import (ADR 0079), and how many settings changed. */
  version: number;
  changed: number;
}
export type ImportSummary = ImportedPractice[];

/** Reads and validates a configuration file; an unreadable file or bad JSON is one more problem. */
export async function readPracticeConfigFile(path: string): Promise<PracticeConfigParseResult> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    return { ok: false, problems: [`${path}: cannot read the file (${reason})`] };
  }
  try {
    return parsePracticeConfigFile(JSON.parse(text));
  } catch (error) {
    return { ok: false, problems: [`${path}: not valid JSON (${(error as Error).message})`] };
  }
}

/** A file this deployment cannot serve (a paid reason without Stripe, ADR 0029); nothing was imported. */
export class PracticeImportRefused extends Error {
  constructor(readonly problems: string[]) {
    super(`Nothing imported: ${problems.length} problem(s) on this server\n${problems.join('\n')}`);
  }
}

export interface ImportOptions {
  offers?: DeploymentOffers;
  /** Import a file older than the stored settings even though it changes them (ADR 0079). */
  force?: boolean;
  author?: SettingsAuthor;
}

/**
 * Imports every practice of a validated file in one transaction: all of it or nothing. With
 * `offers` (what this deployment can do), a file that asks for more is refused first.
 */
export async function importPracticeConfig(
  db: Database,
  file: PracticeConfigFile,
  options: ImportOptions = {},
): Promise<ImportSummary> {
  const problems = options.offers ? findDeploymentProblems(file.practices, options.offers) : [];
  if (problems.length > 0) throw new PracticeImportRefused(problems);
  return db.transaction(async (tx) => {
    await lockPracticeImport(tx);
    const summary: ImportSummary = [];
    // A practice whose settings changed gets a practice-level event (recordSettingsChange), whose commit makes
    // every running server forget its slot lists (ADR 0069).
    for (const practice of file.practices) summary.push(await importPractice(tx, practice, options));
    return summary;
  });
}

async function importPractice(tx: Queryable, file: PracticeConfig, options: ImportOptions): Promise<ImportedPractice> {
  const existingId = await findPracticeIdByFormUrl(tx, file.form_url);
  const before = await compareWithStored(tx, existingId, file, options);
  const practiceId = await writePractice(tx, before.practice, existingId);
  const author = options.author ?? IMPORT_AUTHOR(new Date());
  // Forced over newer settings: a console holding them must reload before it saves again.
  const bump = before.version !== null && file.version < before.version;
  const version = await recordSettingsChange(tx, practiceId, before, { ...author, bump });
  return {
    form_url: file.form_url,
    practice_id: practiceId,
    created: existingId === null,
    version,
    changed: before.changes.length,
  };
}

/** Brings the stored practice in line with `practice` (created when `existingId` is null); returns its id. */
export async function writePractice(
  tx: Queryable,
  practice: PracticeConfig,
  existingId: string | null,
): Promise<string> {
  await upsertRow(tx, { table: 'practices', key: ['form_url'], touchUpdatedAt: true }, practiceColumns(practice));
  const practiceId = existingId ?? (await findPracticeIdByFormUrl(tx, practice.form_url));
  if (!practiceId) throw new Error(`Practice ${practice.form_url} vanished during its import`);

  await importNumberedRows(tx, practiceId, 'clinics', 'pms_clinic_num', practice.clinics, (clinic, sortOrder) => ({
    ...clinic,
    translations: translationsColumn(clinic.translations),
    sort_order: sortOrder,
  }));
  await importNumberedRows(tx, practiceId, 'providers', 'pms_prov_num', practice.providers, (provider, sortOrder) => ({
    ...provider,
    sort_order: sortOrder,
  }));
  await importNumberedRows(tx, practiceId, 'operatories', 'pms_op_num', practice.operatories, (operatory) => operatory);

  await importReasons(tx, practiceId, practice.reasons);
  await syncSchedules(tx, practiceId, practice.schedules);
  await syncClosures(tx, practiceId, practice.closures);
  await syncTimeOff(tx, practiceId, practice.time_off);
  return practiceId;
}

/**
 * Clinics, providers and chairs are keyed by their number in the practice's system: each row the
 * file lists is written (active again if it was not, unless it says so), and the ones it no longer lists are
 * deactivated.
 */
async function importNumberedRows<Row extends object, Key extends keyof Row & string>(
  tx: Queryable,
  practiceId: string,
  table: 'clinics' | 'providers' | 'operatories',
  keyColumn: Key,
  rows: readonly Row[],
  columnsOf: (row: Row, index: number) => object,
): Promise<void> {
  for (const [index, row] of rows.entries()) {
    await upsertRow(
      tx,
      { table, key: ['practice_id', keyColumn] },
      // Listed means active, unless the row says otherwise (a provider's flag, ADR 0084).
      { practice_id: practiceId, is_active: true, ...columnsOf(row, index) },
    );
  }
  await deactivateMissing(
    tx,
    table,
    practiceId,
    keyColumn,
    rows.map((row) => row[keyColumn] as number),
  );
}

/** Reasons are keyed by name, so their ids (the `rfv` links patients hold) survive re-imports. */
async function importReasons(tx: Queryable, practiceId: string, reasons: PracticeConfig['reasons']): Promise<void> {
  for (const [sortOrder, reason] of reasons.entries()) {
    const { amount, providers: _providers, clinics: _clinics, ...columns } = reason;
    await upsertRow(
      tx,
      { table: 'reasons_for_visit', key: ['practice_id', 'name'] },
      {
        practice_id: practiceId,
        ...columns,
        // Dollars in the file, cents in the table: whole numbers add up without rounding drift.
        amount_cents: Math.round(amount * 100),
        translations: translationsColumn(reason.translations),
        sort_order: sortOrder,
      },
    );
  }
  await deactivateMissing(
    tx,
    'reasons_for_visit',
    practiceId,
    'name',
    reasons.map((r) => r.name),
  );
  const ids = await listReasonIdsByName(tx, practiceId);
  for (const reason of reasons) {
    const id = ids.get(reason.name);
    if (!id) throw new Error(`Reason ${reason.name} vanished during its import`);
    await replaceReasonLinks(tx, 'reason_providers', id, reason.providers);
    await replaceReasonLinks(tx, 'reason_clinics', id, reason.clinics);
  }
}

/** The practice's own columns: lists go to their tables, JSON values to jsonb as text. */
function practiceColumns(practice: PracticeConfig): Record<string, unknown> {
  const columns = Object.fromEntries(Object.entries(practice).filter(([key]) => !NOT_PRACTICE_COLUMNS.includes(key)));
  return {
    ...columns,
    insurances: JSON.stringify(practice.insurances),
    form_customization: JSON.stringify(practice.form_customization),
    pms: JSON.stringify(practice.pms),
    reminder_rules: JSON.stringify(practice.reminder_rules),
    quiet_hours: JSON.stringify(practice.quiet_hours),
    translations: translationsColumn(practice.translations),
    // Optional in the file: leaving it out switches automatic review requests off again.
    review_request_delay_hours: practice.review_request_delay_hours ?? null,
  };
}

/** Left out of the file: none, so a translation removed from the file is removed here too. */
const translationsColumn = (translations: object | undefined) => JSON.stringify(translations ?? {});
