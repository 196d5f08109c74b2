import type { PracticeConfig } from '#domain/practice/practice-config-schema.ts';
import type { ConfiguredSetup } from './practice-sync-repository.ts';
import type { SyncResult } from './practice-sync.ts';

/**
 * `practice:sync --write`: Open Dental's clinics, providers and operatories written into the
 * practice's configuration file. The file decides what is offered: its lists stay offered (with
 * the operator's names and Open Dental's fresh fields), everything else Open Dental has goes under
 * `not_offered`, from where the operator moves what should be bookable online and re-imports.
 */

type ListName = 'clinics' | 'providers' | 'operatories';
type Entry = Record<string, unknown>;
const LISTS: readonly ListName[] = ['clinics', 'providers', 'operatories'];
const NUM_KEY: Record<ListName, string> = {
  clinics: 'pms_clinic_num',
  providers: 'pms_prov_num',
  operatories: 'pms_op_num',
};

/** What the file offers (`is_active`) and what it keeps under `not_offered`, as the sync reads a configuration. */
export function configuredSetupFromFile(practice: PracticeConfig): ConfiguredSetup {
  const notOffered = practice.not_offered ?? { clinics: [], providers: [], operatories: [] };
  const both = <T>(offered: T[], rest: T[]) => [
    ...offered.map((e) => ({ ...e, is_active: true })),
    ...rest.map((e) => ({ ...e, is_active: false })),
  ];
  return {
    clinics: both(practice.clinics, notOffered.clinics),
    providers: both(practice.providers, notOffered.providers),
    operatories: both(practice.operatories, notOffered.operatories),
  };
}

export interface FileSyncChange {
  /** Entries Open Dental has that the file did not mention, now under not_offered. */
  added: string[];
  /**
   * Offered entries Open Dental no longer lists as bookable (gone, hidden, inactive): kept, since reasons may name
   * them, and reported.
   */
  keptMissing: string[];
}

/**
 * The practice object of the file (raw JSON, so defaults the operator left out stay out) with its
 * three lists and `not_offered` replaced. Offered entries Open Dental no longer lists are kept
 * where they were; entries that were only under not_offered and are gone from Open Dental are dropped.
 */
export function mergeSyncIntoPractice(raw: Entry, result: SyncResult): { practice: Entry; change: FileSyncChange } {
  const change: FileSyncChange = { added: [], keptMissing: [] };
  const fromFile = (list: ListName, source: 'offered' | 'not_offered'): Entry[] => {
    const holder = source === 'offered' ? raw : (raw.not_offered as Entry | undefined);
    const entries = holder?.[list];
    return Array.isArray(entries) ? (entries as Entry[]) : [];
  };
  const lists = {} as Record<ListName, Entry[]>;
  const notOffered = {} as Record<ListName, Entry[]>;
  for (const list of LISTS) {
    const num = (e: Entry) => e[NUM_KEY[list]] as number;
    const inOffice = new Set([...result.offered[list], ...result.not_offered[list]].map(num));
    const known = new Set([...fromFile(list, 'offered'), ...fromFile(list, 'not_offered')].map(num));
    const kept = fromFile(list, 'offered').filter((e) => !inOffice.has(num(e)));
    kept.forEach((e) => change.keptMissing.push(`${singular(list)} ${num(e)}`));
    result.not_offered[list]
      .filter((e) => !known.has(num(e)))
      .forEach((e) => change.added.push(`${singular(list)} ${num(e)}`));
    lists[list] = [...result.offered[list], ...kept];
    notOffered[list] = result.not_offered[list];
  }

  // Key order as the operator wrote it; not_offered right after the lists it belongs with.
  const practice: Entry = {};
  for (const [key, value] of Object.entries(raw)) {
    if (key === 'not_offered') continue;
    practice[key] = LISTS.includes(key as ListName) ? lists[key as ListName] : value;
    if (key === 'operatories') practice.not_offered = notOffered;
  }
  // A list the file leaves out stays out: only file entries are offered, so it would be empty.
  if (!('not_offered' in practice)) practice.not_offered = notOffered;
  return { practice, change };
}

const singular = (list: ListName) => ({ clinics: 'clinic', providers: 'provider', operatories: 'operatory' })[list];
