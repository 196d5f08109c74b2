import { parsePracticeConfigFile, type PracticeConfig } from './practice-config-schema.ts';

/** One practice of a file, validated and with its defaults, as the importer and the console see it. */
export function parsedPractice(fields: Record<string, unknown>): PracticeConfig {
  const parsed = parsePracticeConfigFile({ practices: [fields] });
  if (!parsed.ok) throw new Error(parsed.problems.join('\n'));
  return parsed.value.practices[0]!;
}
