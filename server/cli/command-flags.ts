import { parseArgs, type ParseArgsConfig } from 'node:util';

type ParseArgsOptionsConfig = NonNullable<ParseArgsConfig['options']>;

type FlagValues<T extends ParseArgsOptionsConfig> = {
  [K in keyof T]: T[K] extends { type: 'boolean'; default: boolean }
    ? boolean
    : T[K] extends { type: 'boolean' }
      ? boolean | undefined
      : string | undefined;
};

export type CommandFlags<T extends ParseArgsOptionsConfig> =
  { ok: true; values: FlagValues<T> } | { ok: false; message: string };

/**
 * The operator commands' flags (staff:add, review:request) read one way: strict, no positionals,
 * `--help` prints the usage, and every missing required flag is named in one message with the
 * usage. `isTrimmed` trims each text value first, so a flag of blanks counts as missing.
 */
export function parseCommandFlags<T extends ParseArgsOptionsConfig>(
  argv: string[],
  command: { options: T; usage: string; required: readonly (keyof T & string)[]; isTrimmed?: boolean },
): CommandFlags<T> {
  let parsed: Record<string, string | boolean | undefined>;
  try {
    const options = { ...command.options, help: { type: 'boolean', default: false } } as const;
    parsed = parseArgs({ args: argv, strict: true, allowPositionals: false, options }).values as typeof parsed;
  } catch (error) {
    return { ok: false, message: `${(error as Error).message}\n\n${command.usage}` };
  }
  if (parsed.help) return { ok: false, message: command.usage };
  const values = Object.fromEntries(
    Object.entries(parsed).map(([name, value]) => [
      name,
      command.isTrimmed && typeof value === 'string' ? value.trim() : value,
    ]),
  );
  const missing = command.required.filter((name) => !values[name]);
  if (missing.length > 0)
    return { ok: false, message: `Missing ${missing.map((name) => `--${name}`).join(', ')}\n\n${command.usage}` };
  return { ok: true, values: values as FlagValues<T> };
}
