import { parseTimeOfDay } from '../time/wall-clock.ts';
import type { ConfigProblem } from './practice-config-problems.ts';
import type { PracticeConfig, ScheduleConfig } from './practice-config-schema.ts';
import { reasonNameIn, TRANSLATION_LANGUAGES, type Translations } from './practice-translations.ts';

/**
 * Rules that span fields of one practice: numbers that must be unique, references that must
 * resolve, times that must follow each other. They run only on a practice whose fields are
 * well-formed, so they can trust types and formats.
 */
export function findPracticeProblems(practice: PracticeConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const report = (path: (string | number)[], message: string) => problems.push({ path, message });

  if (practice.clinic_set_up && practice.clinics.length === 0) {
    report(['clinics'], 'must list at least one clinic when clinic_set_up is true');
  }
  requireTextWhen(practice.to_redirect, 'to_redirect', 'redirection_url', practice.redirection_url, report);
  requireTextWhen(
    practice.show_out_of_network_insurance_message,
    'show_out_of_network_insurance_message',
    'out_of_network_insurance_message',
    practice.out_of_network_insurance_message,
    report,
  );
  requireTextWhen(
    practice.show_other_insurance_message,
    'show_other_insurance_message',
    'other_insurance_message',
    practice.other_insurance_message,
    report,
  );

  reportRepeats(practice.optional_insurance_fields, (field) => field, ['optional_insurance_fields'], null, report);
  reportRepeats(practice.insurances, (i) => i.insuranceName.toLowerCase(), ['insurances'], 'insuranceName', report);
  practice.insurances.forEach((insurance, i) => {
    // The booking form offers its own "Other" entry (accept_other_insurance); a second one would be ambiguous.
    if (insurance.insuranceName.toLowerCase() === 'other')
      report(['insurances', i, 'insuranceName'], '"Other" is reserved; use accept_other_insurance');
  });

  const clinicNums = new Set(practice.clinics.map((c) => c.pms_clinic_num));
  const providerNums = new Set(practice.providers.map((p) => p.pms_prov_num));
  const clinicOfOperatory = new Map(practice.operatories.map((o) => [o.pms_op_num, o.pms_clinic_num]));
  reportRepeats(practice.clinics, (c) => c.pms_clinic_num, ['clinics'], 'pms_clinic_num', report);
  reportRepeats(practice.providers, (p) => p.pms_prov_num, ['providers'], 'pms_prov_num', report);
  reportRepeats(practice.operatories, (o) => o.pms_op_num, ['operatories'], 'pms_op_num', report);
  reportRepeats(practice.reasons, (r) => r.name.toLowerCase(), ['reasons'], 'name', report);
  reportRepeatedTranslatedReasonNames(practice.reasons, report);
  reportOfferedAndNot(practice, report);
  reportTranslationsWithoutEnglish(practice, [], practice.translations, report);
  practice.clinics.forEach((clinic, i) =>
    reportTranslationsWithoutEnglish(clinic, ['clinics', i], clinic.translations, report),
  );
  reportRepeats(practice.closures, (c) => c.date, ['closures'], 'date', report);
  reportClosureTimes(practice.closures, report);

  const requireClinic = (path: (string | number)[], num: number | null) => {
    if (num === null) {
      if (practice.clinic_set_up) report(path, 'is required when clinic_set_up is true');
    } else if (!clinicNums.has(num)) report(path, `no clinic has pms_clinic_num ${num}`);
  };
  const requireProvider = (path: (string | number)[], num: number) => {
    if (!providerNums.has(num)) report(path, `no provider has pms_prov_num ${num}`);
  };

  practice.operatories.forEach((o, i) => requireClinic(['operatories', i, 'pms_clinic_num'], o.pms_clinic_num));
  practice.reasons.forEach((reason, i) => {
    if (reason.is_payment_enabled && reason.amount <= 0)
      report(['reasons', i, 'amount'], 'must be greater than 0 when is_payment_enabled is true');
    reportRepeats(reason.providers, (n) => n, ['reasons', i, 'providers'], null, report);
    reportRepeats(reason.clinics, (n) => n, ['reasons', i, 'clinics'], null, report);
    reason.providers.forEach((num, j) => requireProvider(['reasons', i, 'providers', j], num));
    reason.clinics.forEach((num, j) => {
      if (!clinicNums.has(num)) report(['reasons', i, 'clinics', j], `no clinic has pms_clinic_num ${num}`);
    });
  });
  practice.schedules.forEach((schedule, i) => {
    const path = ['schedules', i];
    requireProvider([...path, 'pms_prov_num'], schedule.pms_prov_num);
    requireClinic([...path, 'pms_clinic_num'], schedule.pms_clinic_num);
    const opClinic = clinicOfOperatory.get(schedule.pms_op_num);
    if (opClinic === undefined) report([...path, 'pms_op_num'], `no operatory has pms_op_num ${schedule.pms_op_num}`);
    else if (opClinic !== null && schedule.pms_clinic_num !== null && opClinic !== schedule.pms_clinic_num) {
      report([...path, 'pms_clinic_num'], `must be ${opClinic}, the clinic of operatory ${schedule.pms_op_num}`);
    }
    reportRepeats(schedule.weekdays, (d) => d, [...path, 'weekdays'], null, report);
    findScheduleTimeProblems(schedule).forEach((p) => report([...path, ...p.path], p.message));
  });
  practice.time_off.forEach((off, i) => {
    requireProvider(['time_off', i, 'pms_prov_num'], off.pms_prov_num);
    // Same fixed-width format on both sides, so text order is time order.
    if (off.end <= off.start) report(['time_off', i, 'end'], 'must be after start');
  });
  return problems;
}

/** A part-day closure (ADR 0079) gives both its start and its end, in that order. */
function reportClosureTimes(
  closures: PracticeConfig['closures'],
  report: (path: (string | number)[], message: string) => void,
) {
  closures.forEach((closure, i) => {
    if ((closure.start === undefined) !== (closure.end === undefined))
      report(
        ['closures', i, closure.start === undefined ? 'start' : 'end'],
        `is required when ${closure.start === undefined ? 'end' : 'start'} is given`,
      );
    else if (closure.start !== undefined && parseTimeOfDay(closure.end!) <= parseTimeOfDay(closure.start))
      report(['closures', i, 'end'], 'must be after start');
    // Three years in four have no 29 February: which day would close is a guess (ADR 0084).
    if (closure.yearly && closure.date.endsWith('-02-29'))
      report(['closures', i, 'date'], 'cannot repeat yearly on 29 February: choose 28 February or 1 March');
  });
}

function findScheduleTimeProblems(schedule: ScheduleConfig): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  const start = parseTimeOfDay(schedule.start);
  const end = parseTimeOfDay(schedule.end);
  // Breaks are measured against the opening hours, which must make sense first.
  if (end <= start) return [{ path: ['end'], message: 'must be after start' }];
  const checked: { index: number; start: number; end: number }[] = [];
  schedule.breaks.forEach((pause, j) => {
    const b = { index: j, start: parseTimeOfDay(pause.start), end: parseTimeOfDay(pause.end) };
    if (b.end <= b.start) return problems.push({ path: ['breaks', j, 'end'], message: 'must be after start' });
    if (b.start < start || b.end > end) {
      return problems.push({ path: ['breaks', j], message: `must lie between ${schedule.start} and ${schedule.end}` });
    }
    const other = checked.find((c) => b.start < c.end && c.start < b.end);
    if (other) return problems.push({ path: ['breaks', j], message: `overlaps breaks[${other.index}]` });
    checked.push(b);
  });
  return problems;
}

/** An entry both offered and listed under not_offered is a half-done move: which was meant is unclear. */
function reportOfferedAndNot(practice: PracticeConfig, report: (path: (string | number)[], message: string) => void) {
  const lists = practice.not_offered;
  if (!lists) return;
  const check = <T>(
    name: 'clinics' | 'providers' | 'operatories',
    offered: readonly T[],
    notOffered: readonly T[],
    num: (item: T) => number,
  ) => {
    const offeredNums = new Set(offered.map(num));
    notOffered.forEach((item, i) => {
      if (offeredNums.has(num(item)))
        report(['not_offered', name, i], `is also in ${name}: keep it in one of the two lists`);
    });
  };
  check('clinics', practice.clinics, lists.clinics, (c) => c.pms_clinic_num);
  check('providers', practice.providers, lists.providers, (p) => p.pms_prov_num);
  check('operatories', practice.operatories, lists.operatories, (o) => o.pms_op_num);
}

/** Two reasons a patient cannot tell apart in their language (a translation, or the English shown in its place). */
function reportRepeatedTranslatedReasonNames(
  reasons: PracticeConfig['reasons'],
  report: (path: (string | number)[], message: string) => void,
) {
  for (const language of TRANSLATION_LANGUAGES) {
    const firstIndex = new Map<string, number>();
    reasons.forEach((reason, i) => {
      const name = reasonNameIn(reason, language);
      const first = firstIndex.get(name.toLowerCase());
      if (first === undefined) return firstIndex.set(name.toLowerCase(), i);
      // A repeat of the English names is reported above; here only what the translations caused.
      const isTranslated = reason.translations?.[language]?.name !== undefined;
      if (!isTranslated && reasons[first]!.translations?.[language]?.name === undefined) return;
      const path = isTranslated ? ['reasons', i, 'translations', language, 'name'] : ['reasons', i, 'name'];
      report(path, `${JSON.stringify(name)} is already the ${language} name of reasons[${first}]`);
    });
  }
}

/** A translation needs its English: patients reading English would otherwise see nothing where others see text. */
function reportTranslationsWithoutEnglish<Field extends string>(
  owner: { [F in Field]?: string | null },
  ownerPath: (string | number)[],
  translations: Translations<Field> | undefined,
  report: (path: (string | number)[], message: string) => void,
) {
  for (const [language, texts] of Object.entries(translations ?? {}) as [string, Record<Field, string | undefined>][]) {
    for (const field of Object.keys(texts ?? {}) as Field[]) {
      if (texts[field] !== undefined && owner[field] == null) {
        report(
          [...ownerPath, 'translations', language, field],
          `has no English ${field} to translate: set ${field} too`,
        );
      }
    }
  }
}

export function findDuplicateFormUrls(practices: readonly { form_url: string }[]): ConfigProblem[] {
  const problems: ConfigProblem[] = [];
  reportRepeats(
    practices,
    (p) => p.form_url,
    ['practices'],
    'form_url',
    (path, message) => problems.push({ path, message }),
  );
  return problems;
}

function requireTextWhen(
  condition: boolean,
  flagName: string,
  field: string,
  value: string | null,
  report: (path: (string | number)[], message: string) => void,
) {
  if (condition && value === null) report([field], `is required when ${flagName} is true`);
}

/** Reports every later item whose key repeats an earlier one, naming the first. */
function reportRepeats<T>(
  items: readonly T[],
  keyOf: (item: T) => string | number,
  listPath: (string | number)[],
  field: string | null,
  report: (path: (string | number)[], message: string) => void,
) {
  const firstIndex = new Map<string | number, number>();
  items.forEach((item, i) => {
    const key = keyOf(item);
    const first = firstIndex.get(key);
    if (first === undefined) return firstIndex.set(key, i);
    const listName = String(listPath[listPath.length - 1]);
    if (field === null) report([...listPath, i], `${JSON.stringify(item)} is listed twice`);
    else
      report(
        [...listPath, i, field],
        `${JSON.stringify((item as Record<string, unknown>)[field])} is already used by ${listName}[${first}]`,
      );
  });
}
