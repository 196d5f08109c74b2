import type { SettingChange } from '#domain/practice/practice-config-diff.ts';
import { formatPath, type ConfigProblem } from '#domain/practice/practice-config-problems.ts';
import { checkPracticeConfigFile } from '#domain/practice/practice-config-schema.ts';
import { findPracticeDeploymentProblems, type DeploymentOffers } from '#domain/practice/practice-deployment-rules.ts';
import { findStrandedBookings } from '#domain/practice/stranded-bookings.ts';
import { can, type StaffRole } from '#domain/staff/staff-roles.ts';
import type { SettingsSaveBody, SettingsSaved, SettingsView } from '#domain/staff/staff-settings-schemas.ts';
import type { Clock } from '../../clock.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { AppError } from '../../http/app-error.ts';
import { writePractice } from '../practices/practice-import.ts';
import {
  compareWithStored,
  lockPracticeSettings,
  readPracticeFile,
  recordSettingsChange,
  type SettingsBefore,
} from '../practices/practice-settings-versions.ts';
import { listBookingsAhead } from './settings-repository.ts';

export interface SettingsDeps {
  db: Database;
  clock: Clock;
  /** What this deployment can serve (ADR 0029): a console change it could not would stop the next start. */
  offers: DeploymentOffers;
}

/** Who saves: the session's practice, e-mail and role. */
export interface SettingsEditor {
  practiceId: string;
  email: string;
  role: StaffRole;
}

/** What a front desk may change (ADR 0079): the days the practice or a provider is away. */
const FRONT_DESK_LISTS = ['closures', 'time_off'];
const isFrontDeskPath = (path: string) => FRONT_DESK_LISTS.some((list) => path === list || path.startsWith(`${list}[`));

const noSuchPractice = () => AppError.notFound('No such practice.');

/** The Open Dental key is a secret: the console never sees it, and a save without it keeps the stored one. */
function withoutSecrets(practice: Record<string, unknown>): Record<string, unknown> {
  const pms = practice.pms as { type: string } | undefined;
  return { ...practice, pms: { type: pms?.type ?? 'builtin' } };
}

export async function readSettings(db: Queryable, practiceId: string): Promise<SettingsView> {
  const stored = await readPracticeFile(db, practiceId);
  if (!stored) throw noSuchPractice();
  return { version: stored.version, practice: withoutSecrets(stored.practice) };
}

/** The practice file `practice:import` takes, with its version and without secrets. */
export async function exportSettings(
  db: Queryable,
  practiceId: string,
): Promise<{ practices: Record<string, unknown>[] }> {
  const { version, practice } = await readSettings(db, practiceId);
  return { practices: [{ form_url: practice.form_url, version, ...practice }] };
}

/**
 * The practice file's own schema and rules, then this deployment's (ADR 0079): the importer's checks and
 * messages, each keyed by its JSON path inside the practice (`reasons[2].final_duration`).
 */
export function checkSettings(practice: Record<string, unknown>, version: number, offers: DeploymentOffers) {
  const result = checkPracticeConfigFile({ practices: [{ ...practice, version }] });
  const problems: ConfigProblem[] = result.ok
    ? findPracticeDeploymentProblems(result.value.practices[0]!, offers)
    : result.problems.map((problem) => ({ ...problem, path: problem.path.slice(2) }));
  if (result.ok && problems.length === 0) return result.value.practices[0]!;
  throw invalid(problems);
}

function invalid(problems: readonly ConfigProblem[]): AppError {
  const fields: Record<string, string> = {};
  for (const { path, message } of problems) {
    const key = formatPath(path);
    fields[key] = fields[key] ? `${fields[key]}; ${message}` : message;
  }
  return AppError.validation(`The settings have ${problems.length} problem(s).`, fields);
}

/**
 * Saves the practice's settings (ADR 0079) through the importer's own writes, in one transaction: refused
 * when `version` is not the stored one, when a front desk changes more than closures and time off, and,
 * unless confirmed, when bookings ahead would fall outside the new times (the bookings are never changed).
 * A change is the next version, a history row, a practice event and a notice to every process's slot cache.
 */
export async function saveSettings(
  deps: SettingsDeps,
  editor: SettingsEditor,
  body: SettingsSaveBody,
  alsoInTransaction: (tx: Queryable, changes: SettingChange[]) => Promise<void>,
): Promise<SettingsSaved> {
  const practice = checkSettings(body.practice, body.version, deps.offers);
  const saved = await deps.db.transaction(async (tx) => {
    await lockPracticeSettings(tx);
    const before = await compareWithStored(tx, editor.practiceId, practice, { force: true });
    if (before.version === null) throw noSuchPractice();
    if (before.version !== body.version) {
      throw new AppError(
        409,
        'VERSION_CONFLICT',
        `The settings were changed meanwhile (now version ${before.version}): reload them and make your change again.`,
      );
    }
    refuseWhatIsNotAllowed(editor, before);
    if (!body.confirm_stranded) await refuseStranding(tx, deps.clock, editor.practiceId, before);
    if (before.changes.length === 0) return { version: before.version, changes: [] };
    await writePractice(tx, before.practice, editor.practiceId);
    const actor = { kind: 'staff' as const, email: editor.email };
    const author = { by: editor.email, actor, at: deps.clock.now(), bump: true };
    const version = await recordSettingsChange(tx, editor.practiceId, before, author);
    await alsoInTransaction(tx, before.changes);
    return { version, changes: before.changes };
  });
  // Every process, this one included, forgets the practice's slot lists on the event's commit (ADR 0069).
  return saved;
}

function refuseWhatIsNotAllowed(editor: SettingsEditor, before: SettingsBefore): void {
  // The importer keys practices by form_url: another one would make another practice, not rename this one.
  if (before.changes.some((change) => change.path === 'form_url'))
    throw invalid([{ path: ['form_url'], message: 'is the address patients book at and cannot be changed here' }]);
  if (!can(editor.role, 'settings') && !before.changes.every((change) => isFrontDeskPath(change.path)))
    throw new AppError(403, 'FORBIDDEN', 'Your role may change closures and time off only. Ask the practice owner.');
}

async function refuseStranding(tx: Queryable, clock: Clock, practiceId: string, before: SettingsBefore): Promise<void> {
  if (before.changes.length === 0) return;
  const bookings = await listBookingsAhead(tx, practiceId, clock.now());
  const stranded = findStrandedBookings(before.stored ?? before.practice, before.practice, bookings);
  if (stranded.length === 0) return;
  const error = new AppError(
    409,
    'STRANDS_BOOKINGS',
    `${stranded.length} booking(s) would fall outside the new times. They are not changed: ` +
      'save again to confirm, and call the patients to move them.',
  );
  error.stranded = stranded.map((booking) => ({
    id: booking.id,
    reference: booking.reference,
    apt_date: booking.start.slice(0, 10),
    start_time: booking.start.slice(11),
    patient_name: booking.patient_name,
  }));
  throw error;
}
